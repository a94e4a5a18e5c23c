import Foundation
import Testing
@testable import Theming

@Suite("Built-in themes")
struct BuiltInThemeTests {
    @Test func thereAreAtLeastEightBuiltInThemes() throws {
        #expect(try TestSupport.builtInFiles().count >= 8)
    }

    @Test func everyBuiltInDecodesAndPassesContrast() throws {
        for file in try TestSupport.builtInFiles() {
            let theme = try ThemeFile.load(file)
            let findings = ContrastChecker.findings(for: theme)
            #expect(findings.isEmpty, "\(file.lastPathComponent): \(findings.map(\.description))")
            for token in ColorToken.allCases where token != .shadow {   // a shadow is translucent by nature
                let value = try #require(theme.colors[token])
                #expect(value.light.alpha == 1 && value.dark.alpha == 1,
                        "\(theme.name): \(token.rawValue) should be opaque")
            }
            #expect(theme.palette(for: .light).map(\.color) != theme.palette(for: .dark).map(\.color))
            #expect(theme.description(for: .light) != theme.description(for: .dark))
        }
    }

    @Test func paperIsTheDefaultWithItsExactColoursAndWords() throws {
        let catalog = ThemeCatalog(builtInDirectory: TestSupport.themesDirectory, userDirectory: nil)
        #expect(catalog.entries.first?.name == ThemeCatalog.defaultThemeName)
        let paper = try #require(catalog.theme(named: "Paper"))
        #expect(paper.color(.bgPrimary, for: .light).hex == "#faf8f5")
        #expect(paper.color(.bgPrimary, for: .dark).hex == "#1c1915")
        #expect(paper.description(for: .light) == "Warm parchment tones inspired by printed books. "
            + "The default palette, perfect for a cozy, literary reading experience.")
        #expect(paper.description(for: .dark) == "Warm charcoal with amber accents, like reading by "
            + "candlelight. Ideal for evening reading sessions.")
    }

    @Test func highContrastMeetsSevenToOneForBodyText() throws {
        let catalog = ThemeCatalog(builtInDirectory: TestSupport.themesDirectory, userDirectory: nil)
        let theme = try #require(catalog.theme(named: ThemeCatalog.highContrastThemeName))
        #expect(theme.isHighContrast)
        let body = ContrastChecker.measurements(for: theme).filter { $0.rule.kind == .body }
        #expect(!body.isEmpty)
        for measurement in body {
            #expect(measurement.ratio >= 7, "\(measurement)")
        }
    }

    @Test func builtInNamesAreUniqueAndTheCatalogHasNoWarnings() {
        let catalog = ThemeCatalog(builtInDirectory: TestSupport.themesDirectory, userDirectory: nil)
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
        #expect(catalog.entries.allSatisfy { $0.isValid })
        let names = catalog.themes.map { $0.name.lowercased() }
        #expect(Set(names).count == names.count)
    }
}
