import CGtk4
import Foundation
import GtkBridge
import Testing
import Theming

@Suite("Generated CSS in real GTK providers", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct GeneratedCSSTests {
    @Test func everyBuiltInThemeLoadsWithoutParsingErrors() throws {
        try #require(gtk_init_check() != 0)
        let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)
        #expect(catalog.themes.count >= 8)
        let provider = CSSProvider()
        for theme in catalog.themes {
            for scheme in ColorScheme.allCases {
                let errors = provider.load(CSSGenerator.css(for: theme, scheme: scheme, textScale: 1.25))
                #expect(errors.isEmpty, "\(theme.name) \(scheme): \(errors)")
            }
        }
    }

    @Test func componentStylesheetLoadsWithoutParsingErrorsOverTheTokens() throws {
        try #require(gtk_init_check() != 0)
        let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)
        let paper = try #require(catalog.theme(named: "Paper"))
        let stylesheet = try ComponentStylesheet.text(in: LecternSandbox.packageRoot.appending(path: "Resources"))
        let provider = CSSProvider()
        let errors = provider.load(CSSGenerator.css(for: paper, scheme: .light) + stylesheet)
        #expect(errors.isEmpty, "\(errors)")
    }
}
