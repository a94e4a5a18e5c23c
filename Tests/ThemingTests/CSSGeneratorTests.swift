import Foundation
import Testing
@testable import Theming

@Suite("CSS generation")
struct CSSGeneratorTests {
    private func theme(_ name: String) throws -> Theme {
        let catalog = ThemeCatalog(builtInDirectory: TestSupport.themesDirectory, userDirectory: nil)
        return try #require(catalog.theme(named: name))
    }

    @Test func everyTokenIsDefinedForTheResolvedScheme() throws {
        let paper = try theme("Paper")
        for scheme in ColorScheme.allCases {
            let css = CSSGenerator.css(for: paper, scheme: scheme)
            for token in ColorToken.allCases {
                let line = "@define-color \(token.rawValue) \(paper.color(token, for: scheme).css);"
                #expect(css.contains(line + "\n"), "\(line)")
            }
        }
        #expect(CSSGenerator.css(for: paper, scheme: .light).contains("@define-color bg_primary #faf8f5;"))
        #expect(CSSGenerator.css(for: paper, scheme: .dark).contains("@define-color bg_primary #1c1915;"))
    }

    @Test func gtkNamedColoursFollowTheTokens() throws {
        let css = CSSGenerator.css(for: try theme("Paper"), scheme: .light)
        let required = ["theme_bg_color", "theme_fg_color", "theme_base_color", "theme_text_color",
                        "theme_selected_bg_color", "theme_selected_fg_color", "theme_unfocused_bg_color",
                        "theme_unfocused_fg_color", "theme_unfocused_base_color", "theme_unfocused_text_color",
                        "theme_unfocused_selected_bg_color", "theme_unfocused_selected_fg_color",
                        "insensitive_bg_color", "insensitive_fg_color", "borders", "unfocused_borders",
                        "window_bg_color", "window_fg_color", "view_bg_color", "view_fg_color",
                        "accent_color", "accent_bg_color", "accent_fg_color", "headerbar_bg_color",
                        "headerbar_fg_color", "popover_bg_color", "popover_fg_color", "card_bg_color",
                        "card_fg_color", "error_color", "warning_color", "success_color"]
        for name in required {
            #expect(css.contains("@define-color \(name) @"), "\(name)")
        }
        #expect(css.contains("@define-color theme_selected_bg_color @selection_bg;"))
        #expect(css.contains("@define-color accent_bg_color @accent;"))
    }

    @Test func textScaleMultipliesReadingSizesOnly() throws {
        let paper = try theme("Paper")
        let normal = CSSGenerator.css(for: paper, scheme: .light)
        let large = CSSGenerator.css(for: paper, scheme: .light, textScale: 1.5)
        let reading = paper.typography.readingSize
        #expect(normal.contains("font-size: \(CSSGenerator.number(reading))pt;"))
        #expect(large.contains("font-size: \(CSSGenerator.number(reading * 1.5))pt;"))
        #expect(large.contains(".reading {\n  font-family: \"Literata\""))
        #expect(large.contains("window {\n  font-family: \"Cantarell\", \"Inter\", sans-serif;\n"
            + "  font-size: \(CSSGenerator.number(paper.typography.baseSize))pt;\n}"))
        let absurd = CSSGenerator.css(for: paper, scheme: .light, textScale: .nan)
        #expect(absurd == normal)
        #expect(CSSGenerator.css(for: paper, scheme: .light, textScale: 100)
            == CSSGenerator.css(for: paper, scheme: .light, textScale: 3))
    }

    @Test func tokensComeInTheirFixedOrderAndOnlyGTK48SyntaxIsUsed() throws {
        for file in try TestSupport.builtInFiles() {
            let theme = try ThemeFile.load(file)
            for scheme in ColorScheme.allCases {
                let css = CSSGenerator.css(for: theme, scheme: scheme, textScale: 1.25)
                let defined = css.split(separator: "\n").filter { $0.hasPrefix("@define-color ") }
                    .map { $0.split(separator: " ")[1] }
                #expect(defined.prefix(ColorToken.allCases.count).map(String.init) == ColorToken.allCases.map(\.rawValue),
                        "\(theme.name): the colour tokens, in ColorToken order, come first")
                for forbidden in ["var(", ":root", "--", "calc(", "!important"] {
                    #expect(!css.contains(forbidden), "\(theme.name): \(forbidden)")
                }
                #expect(css.filter { $0 == "{" }.count == css.filter { $0 == "}" }.count)
            }
        }
    }

    /// The user's reading font replaces the theme's reading family in the article text and
    /// every article title, and nowhere else; a name that could break the CSS is ignored.
    @Test func theUsersReadingFontReplacesTheThemes() throws {
        let paper = try theme("Paper")
        let css = CSSGenerator.css(for: paper, scheme: .light, readingFont: "Literata Book")
        for selector in [".reading", ".reading-title-1, .article-title", ".reading-title-4"] {
            #expect(css.contains("\(selector) {\n  font-family: \"Literata Book\", serif;"), "\(selector)")
        }
        #expect(css.components(separatedBy: "\"Literata Book\"").count - 1 == 5)
        #expect(!css.contains("window {\n  font-family: \"Literata Book\""))
        let hostile = CSSGenerator.css(for: paper, scheme: .light, readingFont: "X\"; } window { color: red")
        #expect(hostile == CSSGenerator.css(for: paper, scheme: .light))
    }

    @Test func numbersAreShortAndStable() {
        #expect(CSSGenerator.number(11) == "11")
        #expect(CSSGenerator.number(12.5) == "12.5")
        #expect(CSSGenerator.number(14.375) == "14.38")
        #expect(CSSGenerator.number(1.10) == "1.1")
        #expect(CSSGenerator.number(-0.001) == "0")
        #expect(CSSGenerator.number(0.05) == "0.05")
        #expect(CSSGenerator.number(-1.5) == "-1.5")
        #expect(CSSGenerator.number(1.005 + 1e-9) == "1.01")
        #expect(CSSGenerator.number(.infinity) == "0")
    }

    @Test func translucentTokensUseRGBA() throws {
        var colors = try theme("Paper").colors
        colors[.selectionBg] = Adaptive(try #require(Color(hex: "#A9551D40")))
        let custom = try Theme(name: "Glass", descriptions: Adaptive("glass"), colors: colors)
        let css = CSSGenerator.css(for: custom, scheme: .dark)
        #expect(css.contains("@define-color selection_bg rgba(169, 85, 29, 0.251);"))
    }
}
