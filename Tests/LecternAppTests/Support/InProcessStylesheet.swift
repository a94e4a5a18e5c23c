import CGtk4
import GtkBridge
import Theming

/// Lectern's stylesheet on this test process's display, as `Appearance` attaches it: a theme's
/// token CSS, with the component stylesheet from `Resources/` above it. For tests that render
/// widgets in process; `detach()` when done.
@MainActor
final class InProcessStylesheet {
    private let tokens = CSSProvider(), components = CSSProvider()
    /// What GTK found wrong in the component stylesheet (nothing, when it is sound).
    let componentErrors: [CSSParsingError]

    init() throws {
        componentErrors = components.load(try ComponentStylesheet.text(in: LecternSandbox.packageRoot.appending(path: "Resources")))
        tokens.attach(priority: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        components.attach(priority: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
    }

    /// Loads `theme`'s tokens for `scheme`; returns what GTK found wrong in them.
    func wear(_ theme: Theme, _ scheme: ColorScheme) -> [CSSParsingError] {
        tokens.load(CSSGenerator.css(for: theme, scheme: scheme))
    }

    func detach() {
        tokens.detach()
        components.detach()
    }
}
