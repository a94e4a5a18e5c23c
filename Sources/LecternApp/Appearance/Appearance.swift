import CGtk4
import Foundation
import GtkBridge

/// Styles every window: the static component stylesheet from `Resources/` (token names
/// only) and one long-lived provider holding the current theme's token definitions,
/// reloaded in place when the theme or scheme changes.
@MainActor
final class Appearance {
    private let components = CSSProvider()
    private let tokens = CSSProvider()
    private let locator: ResourceLocator?

    init(locator: ResourceLocator?) {
        self.locator = locator
    }

    /// Loads both providers and attaches them to the default display.
    func install() {
        tokens.attach(priority: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        components.attach(priority: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
        loadComponents()
        addIconFolders()
    }

    /// Lectern's own icons (Resources/icons) and, when not installed, its app icon (data/icons).
    private func addIconFolders() {
        guard let locator, let display = gdk_display_get_default(),
              let theme = gtk_icon_theme_get_for_display(display) else { return }
        for folder in [locator.resources.appending(path: "icons"), locator.data.appending(path: "icons")] {
            gtk_icon_theme_add_search_path(theme, folder.path)
        }
    }

    /// Replaces the token definitions (the theme's generated CSS). Transitions are held
    /// off on every window until the new palette has been drawn, so nothing flashes.
    func applyTokens(_ css: String) {
        let windows = Self.toplevelWindows()
        windows.forEach { gtk_widget_add_css_class($0, "theme-switching") }
        report(tokens.load(css), source: "generated theme CSS")
        if !windows.isEmpty {
            MainLoop.idleOnce { windows.forEach { gtk_widget_remove_css_class($0, "theme-switching") } }
        }
    }

    private static func toplevelWindows() -> [WidgetPointer] {
        guard let list = gtk_window_get_toplevels() else { return [] }
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let item = g_list_model_get_item(list, index) else { return nil }
            g_object_unref(item)   // the list keeps its own reference
            return item.assumingMemoryBound(to: GtkWidget.self)
        }
    }

    private func loadComponents() {
        guard let url = locator?.resources.appending(path: "lectern.css"),
              let css = try? String(contentsOf: url, encoding: .utf8) else {
            Log.warning("Lectern's stylesheet (Resources/lectern.css) was not found; set LECTERN_DATA_DIR to the folder that holds Resources/")
            return
        }
        report(components.load(css), source: url.path)
    }

    private func report(_ errors: [CSSParsingError], source: String) {
        for error in errors { Log.warning("\(source): \(error)") }
    }
}
