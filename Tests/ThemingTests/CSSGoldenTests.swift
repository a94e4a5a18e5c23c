import Testing
@testable import Theming

@Suite("Golden CSS for Paper")
struct CSSGoldenTests {
    private func paper() throws -> Theme {
        let catalog = ThemeCatalog(builtInDirectory: TestSupport.themesDirectory, userDirectory: nil)
        return try #require(catalog.theme(named: ThemeCatalog.defaultThemeName))
    }

    @Test func paperLight() throws {
        let css = CSSGenerator.css(for: try paper(), scheme: .light)
        #expect(css == PaperLightGolden.css, "\(firstDifference(css, PaperLightGolden.css))")
    }

    @Test func paperDark() throws {
        let css = CSSGenerator.css(for: try paper(), scheme: .dark)
        #expect(css == PaperDarkGolden.css, "\(firstDifference(css, PaperDarkGolden.css))")
    }

    /// The first line where `actual` and `expected` differ, to keep failures readable.
    private func firstDifference(_ actual: String, _ expected: String) -> String {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, e.count) {
            let left = index < a.count ? String(a[index]) : "<end>"
            let right = index < e.count ? String(e[index]) : "<end>"
            if left != right { return "line \(index + 1): got \"\(left)\", expected \"\(right)\"" }
        }
        return "identical"
    }
}
