import Foundation
import Testing
@testable import Theming

@Suite("Preview CSS")
struct PreviewCSSTests {
    private let catalog = ThemeCatalog(
        builtInDirectory: URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Themes"),
        userDirectory: nil)

    @Test func eachCardIsPaintedWithItsOwnThemesColoursForTheScheme() throws {
        let themes = catalog.themes
        let paperIndex = try #require(themes.firstIndex { $0.name == "Paper" })
        let scope = "." + PreviewCSS.className(at: paperIndex)
        let light = PreviewCSS.css(for: themes, scheme: .light)
        let dark = PreviewCSS.css(for: themes, scheme: .dark)
        #expect(light.contains("\(scope) .preview-surface { background-color: #faf8f5;"))
        #expect(dark.contains("\(scope) .preview-surface { background-color: #1c1915;"))
        // The swatches always show both variants.
        #expect(light.contains("\(scope) .swatch-dark { background: linear-gradient(135deg, #1c1915 55%"))
    }

    @Test func everyThemeGetsItsOwnScope() {
        let themes = catalog.themes
        #expect(themes.count >= 8, "the built-in themes were not found")
        let css = PreviewCSS.css(for: themes, scheme: .light)
        for index in themes.indices {
            #expect(css.contains(".\(PreviewCSS.className(at: index)) .preview-surface"))
        }
    }
}
