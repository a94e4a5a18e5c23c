import CGtk4
import Foundation
import GtkBridge
import Testing
import TestSupport
import Theming

/// The keyboard's focus ring can be seen on every control, in every built-in theme and scheme:
/// the colour it is drawn in stands out 3:1 from the fill it is drawn on (WCAG 1.4.11), and is
/// the token the contrast checker vouches for on that fill. Drawn in the accent at 0.7 alpha, it
/// was under 3:1 on a plain button in every light theme, and on a checked toggle or a selected
/// row of High Contrast (whose selection is its accent) it could not be seen at all.
@Suite("The focus ring in every theme", .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct FocusRingTests {
    /// A focused control, the token its ring is drawn in, and what the control is.
    private struct Control {
        let widget: WidgetPointer
        let ring: ColorToken
        let name: String
        /// What is pictured: the control, or what it is drawn on when it has no fill of its own.
        var pictured: WidgetPointer? = nil
    }

    @Test func theFocusRingStandsOutFromWhatItIsDrawnOn() throws {
        try #require(gtk_init_check() != 0)
        let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)
        let stylesheet = try InProcessStylesheet()
        defer { stylesheet.detach() }
        #expect(stylesheet.componentErrors.isEmpty)

        // GTK's theme fades a ring in over 300 ms; the picture is of the ring itself.
        let settings = UnsafeMutableRawPointer(gtk_settings_get_default()!)
        Properties.setBool(settings, "gtk-enable-animations", false)
        defer { gtk_settings_reset_property(gtk_settings_get_default(), "gtk-enable-animations") }
        let controls = Self.focusedControls()
        let window = created(gtk_window_new())
        // A row is captured alone, but shown in its list.
        let shown = controls.map { gtk_widget_get_parent($0.widget) ?? $0.widget }
        gtk_window_set_child(cast(window), Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, shown))
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let laidOut = MainLoop.iterate(until: { controls.allSatisfy { gtk_widget_get_height($0.widget) > 0 } }, timeout: 5)
        try #require(laidOut)
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-focus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let themes = catalog.entries.filter { $0.origin == .builtIn }.compactMap(\.theme)
        try #require(themes.count >= 10, "the built-in themes: \(themes.map(\.name))")
        for theme in themes {
            for scheme in [ColorScheme.light, .dark] {
                #expect(stylesheet.wear(theme, scheme).isEmpty)
                _ = MainLoop.iterate(until: { false }, timeout: 0.05)   // restyled and drawn
                for control in controls {
                    let path = folder.appending(path: "\(control.name).png").path
                    try Self.save(control.pictured ?? control.widget, to: path)
                    let image = try #require(PNGImage(path: path))
                    // The ring runs along the inside of the control's edge, over its border; its fill
                    // is a few pixels further in.
                    let (ring, fill) = (image.hex(x: 0, y: image.height / 2), image.hex(x: 4, y: image.height / 2))
                    let ratio = try #require(Color(hex: ring)).contrastRatio(with: try #require(Color(hex: fill)))
                    let what = "\(theme.name), \(scheme.rawValue): \(control.name)'s ring \(ring) on \(fill)"
                    #expect(ratio >= 3, "\(what) is \(String(format: "%.2f", ratio)):1")
                    #expect(ring == theme.color(control.ring, for: scheme).hex.lowercased(), "\(what), not \(control.ring.rawValue)")
                }
            }
        }
    }

    /// Saves `widget`'s picture; one found not laid out (a suite running alongside changed the
    /// display's style meanwhile, and the window is due a layout) once it has been painted again.
    private static func save(_ widget: WidgetPointer, to path: String) throws {
        do {
            _ = try WidgetCapture.savePNG(of: widget, to: path)
        } catch {
            var result: Result<(width: Int, height: Int), WidgetCapture.CaptureError>?
            WidgetCapture.capture(widget, to: path, attempts: 5) { result = $0 }
            _ = MainLoop.iterate(until: { result != nil }, timeout: 5)
            _ = try #require(result, "\(error), and no frame painted since").get()
        }
    }

    /// A plain button, a checked toggle, the accent's button, a selected list row, an entry and
    /// the reader's article (focused as a whole), each in the state GTK gives the control the
    /// keyboard focused.
    private static func focusedControls() -> [Control] {
        let plain = created(gtk_button_new_with_label("Open in Browser"))
        let toggle = created(gtk_toggle_button_new_with_label("Unread"))
        gtk_toggle_button_set_active(cast(toggle), 1)
        let primary = created(gtk_button_new_with_label("Subscribe"))
        Widgets.addClasses(primary, ["primary"])
        let list = created(gtk_list_box_new())
        let label = Widgets.label("The Reading Room")
        gtk_widget_set_margin_start(label, 12)
        gtk_list_box_append(OpaquePointer(list), label)
        let row = gtk_widget_get_parent(label)!
        gtk_list_box_select_row(OpaquePointer(list), cast(row))
        let entry = created(gtk_entry_new())
        let text = Widgets.label("The Reading Room")
        gtk_widget_set_margin_start(text, 12)
        let article = Widgets.verticalScroller(text, classes: ["reader-scroller"])
        gtk_widget_set_focusable(article, 1)
        let reader = Widgets.box(GTK_ORIENTATION_VERTICAL, classes: ["reader"], [article])
        gtk_widget_set_size_request(reader, 200, 60)
        Widgets.expand(article)
        for widget in [plain, toggle, primary, row, article] {
            gtk_widget_set_state_flags(widget, GtkStateFlags(rawValue: GTK_STATE_FLAG_FOCUSED.rawValue | GTK_STATE_FLAG_FOCUS_VISIBLE.rawValue), 0)
        }
        gtk_widget_set_state_flags(entry, GTK_STATE_FLAG_FOCUS_WITHIN, 0)
        return [Control(widget: plain, ring: .accent, name: "button"),
                Control(widget: toggle, ring: .selectionText, name: "checked toggle"),
                Control(widget: primary, ring: .buttonPrimaryText, name: "primary button"),
                Control(widget: row, ring: .selectionText, name: "selected row"),
                Control(widget: entry, ring: .accent, name: "entry"),
                Control(widget: article, ring: .accent, name: "article", pictured: reader)]
    }
}
