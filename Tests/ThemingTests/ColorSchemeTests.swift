import Testing
@testable import Theming

@Suite("Colour-scheme resolution")
struct ColorSchemeTests {
    @Test("truth table: 3 overrides × 3 desktop preferences", arguments: [
        (ColorSchemeOverride.system, SystemColorScheme.noPreference, ColorScheme.light),
        (.system, .preferDark, .dark),
        (.system, .preferLight, .light),
        (.light, .noPreference, .light),
        (.light, .preferDark, .light),
        (.light, .preferLight, .light),
        (.dark, .noPreference, .dark),
        (.dark, .preferDark, .dark),
        (.dark, .preferLight, .dark),
    ])
    func resolution(override: ColorSchemeOverride, system: SystemColorScheme, expected: ColorScheme) {
        #expect(resolveColorScheme(override: override, system: system) == expected)
    }

    @Test func portalValues() {
        #expect(SystemColorScheme(portalValue: 0) == .noPreference)
        #expect(SystemColorScheme(portalValue: 1) == .preferDark)
        #expect(SystemColorScheme(portalValue: 2) == .preferLight)
        #expect(SystemColorScheme(portalValue: 7) == .noPreference)
    }

    @Test func overrideRawValuesAreTheCommandLineWords() {
        #expect(ColorSchemeOverride.allCases.map(\.rawValue) == ["system", "light", "dark"])
        #expect(ColorSchemeOverride(rawValue: "dark") == .dark)
    }

    @Test func adaptiveResolvesEachScheme() {
        let value = Adaptive(light: 1, dark: 2)
        #expect(value.resolved(for: .light) == 1)
        #expect(value.resolved(for: .dark) == 2)
        #expect(value.map { $0 * 10 } == Adaptive(light: 10, dark: 20))
    }
}
