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
    }

    /// Replaces the token definitions (the theme's generated CSS).
    func applyTokens(_ css: String) {
        report(tokens.load(css), source: "generated theme CSS")
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
