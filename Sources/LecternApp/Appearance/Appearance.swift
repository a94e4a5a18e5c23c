import CGtk4
import Foundation
import GtkBridge
import Theming

/// Styles every window: the static component stylesheet from `Resources/` (token names
/// only) and two long-lived providers holding the current theme's generated CSS (its palette,
/// and its typography and shape rules), each reloaded in place when it changes.
@MainActor
final class Appearance {
    private let components = CSSProvider()
    private let palette = CSSProvider()
    private let tokenRules = CSSProvider()
    /// What the two token providers hold (nil: nothing yet).
    private var loaded: CSSGenerator.Parts?
    private let locator: ResourceLocator?
    /// Runs just before the token CSS is replaced (the article list hollows out the rows
    /// nobody can see, so they are not restyled).
    var beforeRestyle: (@MainActor () -> Void)?
    /// The frame-clock handlers waiting to turn transitions back on.
    private var transitionHold: [SignalConnection] = []
    /// Ends the hold if a window never paints.
    private var holdTimeout: MainLoop.Source?
    /// While true (the theme editor's changes are being worn), GTK's animations stay off from
    /// one change to the next. Each change would otherwise switch them off and back on: two
    /// walks of every widget's style (0.65 ms of the change's own frame), and one more restyle
    /// of the windows after it. Set back to false, they come back once the windows have painted.
    var holdsTransitions = false {
        didSet {
            guard !holdsTransitions, heldWhileEditing else { return }
            heldWhileEditing = false
            releaseTransitionsWhenPainted()
        }
    }
    /// Whether the animations are off for the editor (`holdsTransitions`), to be turned back on.
    private var heldWhileEditing = false

    init(locator: ResourceLocator?) {
        self.locator = locator
    }

    /// Loads the component stylesheet and attaches it and the two token providers to the default display.
    func install() {
        palette.attach(priority: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        tokenRules.attach(priority: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        components.attach(priority: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
        loadComponents()
        addIconFolders()
    }

    /// Detaches the three providers (a test's windows go back to GTK's own look).
    func uninstall() {
        palette.detach()
        tokenRules.detach()
        components.detach()
        loaded = nil
    }

    /// Lectern's own icons (Resources/icons) and, when not installed, its app icon (data/icons).
    private func addIconFolders() {
        guard let locator, let display = gdk_display_get_default(),
              let theme = gtk_icon_theme_get_for_display(display) else { return }
        for folder in [locator.resources.appending(path: "icons"), locator.data.appending(path: "icons")] {
            gtk_icon_theme_add_search_path(theme, folder.path)
        }
    }

    /// Replaces the theme's generated CSS, each part only if it changed (a colour edited
    /// changes the palette alone). Transitions are held off until every window has drawn the
    /// new palette, so nothing fades between palettes.
    func applyTokens(_ css: CSSGenerator.Parts) {
        guard css != loaded else { return }
        holdTransitionsUntilPainted()
        beforeRestyle?()
        if css.rules != loaded?.rules { report(tokenRules.load(css.rules), source: "generated theme CSS") }
        if css.palette != loaded?.palette { report(palette.load(css.palette), source: "generated theme CSS") }
        loaded = css
    }

    /// Turns GTK's `gtk-enable-animations` off until each visible window's next frame has
    /// been painted: styles computed meanwhile get no transitions. Switching it off costs
    /// nothing more in the frame that shows the new palette (that frame restyles everything
    /// anyway); switching it back on makes GTK restyle the windows once more, in a later frame.
    /// A class on the window with `* { transition: none }` did the same, and also made every
    /// restyle test each node's ancestors. That rule at the end of the palette's own CSS, for
    /// one load, spared the walk that switching the setting costs (0.65 ms of a colour edit's
    /// frame) but cost more in the frame: with animations on GTK builds every node's animated
    /// style (the edit frame's validation 1.6 -> 2.1 ms).
    private func holdTransitionsUntilPainted() {
        guard transitionHold.isEmpty, !heldWhileEditing, let settings = gtk_settings_get_default() else { return }
        let raw = UnsafeMutableRawPointer(settings)
        guard Properties.bool(raw, "gtk-enable-animations") else { return } // already off: nothing to hold
        guard !Self.paintingClocks().isEmpty else { return }
        Properties.setBool(raw, "gtk-enable-animations", false)
        if holdsTransitions {
            heldWhileEditing = true
        } else {
            releaseTransitionsWhenPainted()
        }
    }

    /// Turns GTK's animations back on (to the desktop's own value) once every window on
    /// screen has painted a frame, or after 500 ms.
    private func releaseTransitionsWhenPainted() {
        guard let settings = gtk_settings_get_default() else { return }
        let clocks = Self.paintingClocks()
        guard !clocks.isEmpty else { return gtk_settings_reset_property(settings, "gtk-enable-animations") }
        var waiting = clocks.count
        let release: @MainActor () -> Void = { [weak self] in
            guard let self, !transitionHold.isEmpty else { return }
            transitionHold.forEach { $0.disconnect() }
            transitionHold = []
            holdTimeout?.remove() // a later switch must not be ended by this one's timeout
            holdTimeout = nil
            gtk_settings_reset_property(settings, "gtk-enable-animations") // back to the desktop's own value
        }
        transitionHold = clocks.map { clock in
            connect(clock, .afterPaint) {
                waiting -= 1
                if waiting == 0 { release() }
            }
        }
        holdTimeout = MainLoop.timeout(milliseconds: 500) { release(); return false }
    }

    /// The frame clocks of the windows on screen.
    private static func paintingClocks() -> [OpaquePointer] {
        toplevelWindows().filter { gtk_widget_get_mapped($0) != 0 }.compactMap(gtk_widget_get_frame_clock)
    }

    private static func toplevelWindows() -> [WidgetPointer] {
        guard let list = gtk_window_get_toplevels() else { return [] }
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            // The list keeps a reference of its own, so the window outlives this wrapper.
            g_list_model_get_item(list, index).map { Object(adopting: $0.assumingMemoryBound(to: GObject.self)).as(GtkWidget.self) }
        }
    }

    private func loadComponents() {
        guard let resources = locator?.resources else {
            Log.warning("Lectern's stylesheet (Resources/style/) was not found; set LECTERN_DATA_DIR to the folder that holds Resources/")
            return
        }
        do {
            report(components.load(try ComponentStylesheet.text(in: resources)), source: ComponentStylesheet.folder(in: resources).path)
        } catch {
            Log.warning("Lectern's stylesheet in \(ComponentStylesheet.folder(in: resources).path) could not be read: \(error.localizedDescription)")
        }
    }

    private func report(_ errors: [CSSParsingError], source: String) {
        for error in errors { Log.warning("\(source): \(error)") }
    }
}
