import Foundation
import Testing
@testable import Theming

/// The desktop's accent worn by a theme: its hue, moved in lightness only as far as every pair
/// needs, in both variants; what already passes is kept as it is.
@Suite("The desktop's accent")
struct DesktopAccentTests {
    /// GNOME 47's accent colours (libadwaita's palette), and two that no theme could take as they are.
    static let accents = ["#3584E4", "#2190A4", "#3A944A", "#C88800", "#ED5B00", "#E62D42", "#D56199", "#9141AC", "#6F8396",
                          "#FFF3A0", "#101010"]

    @Test func everyBuiltInThemeWearingEveryAccentStillPassesEveryPair() throws {
        let catalog = ThemeCatalog(builtInDirectory: TestSupport.themesDirectory, userDirectory: nil)
        #expect(catalog.themes.count >= 10)
        for theme in catalog.themes {
            for hex in Self.accents {
                let worn = DesktopAccent.applied(try #require(Color(hex: hex)), to: theme)
                let findings = ContrastChecker.findings(for: worn)
                #expect(findings.isEmpty, "\(theme.name) with \(hex): \(findings.map(\.description))")
                #expect(worn.color(.buttonPrimaryBg, for: .light) == worn.color(.accent, for: .light))
            }
        }
    }

    @Test func aThemeFileMayAskForTheDesktopsAccent() throws {
        let asking = try ThemeFile.decode(try TestSupport.paperData { $0["desktop_accent"] = true }, file: "paper.json")
        #expect(asking.followsDesktopAccent)
        #expect(try ThemeFile.decode(try TestSupport.paperData { _ in }, file: "paper.json").followsDesktopAccent == false)
        #expect(DesktopAccent.applied(try #require(Color(hex: "#3584E4")), to: asking).followsDesktopAccent, "worn, it still asks")
        let wrong = TestSupport.decodingError(try TestSupport.paperData { $0["desktop_accent"] = "yes" }, file: "paper.json")
        #expect(wrong == .wrongType(file: "paper.json", path: "desktop_accent", expected: "true or false", found: "a string"))
    }

    @Test func theHueIsKeptAndOnlyTheLightnessMoves() throws {
        let paper = try #require(ThemeCatalog(builtInDirectory: TestSupport.themesDirectory, userDirectory: nil).theme(named: "Paper"))
        // A darker GNOME blue passes on Paper's light surfaces, white text on it, as it is: kept exactly.
        let blue = try #require(Color(hex: "#1C71D8"))
        let worn = DesktopAccent.applied(blue, to: paper)
        #expect(worn.color(.accent, for: .light).hex == "#1c71d8")
        // GNOME's usual blue is a little light for white text: made a little darker, white text kept.
        let usual = DesktopAccent.applied(try #require(Color(hex: "#3584E4")), to: paper)
        #expect(usual.color(.accent, for: .light).hsl.lightness < (try #require(Color(hex: "#3584E4"))).hsl.lightness)
        #expect(usual.color(.textOnAccent, for: .light) == paper.color(.textOnAccent, for: .light))
        // A pale yellow is darkened for the light variant, and no further than it takes.
        let yellow = try #require(Color(hex: "#FFF3A0"))
        let light = DesktopAccent.applied(yellow, to: paper).color(.accent, for: .light)
        #expect(light.hsl.lightness < yellow.hsl.lightness)
        #expect(abs(light.hsl.hue - yellow.hsl.hue) < 3, "the hue moved from \(yellow.hsl.hue) to \(light.hsl.hue)")
        let background = paper.color(.bgPrimary, for: .light)
        #expect(light.contrastRatio(with: background) >= 3)
        #expect(light.withLightness(light.hsl.lightness + 0.01).quantized.contrastRatio(with: background) < 3
                || light.withLightness(light.hsl.lightness + 0.01).quantized.contrastRatio(with: paper.color(.bgTertiary, for: .light)) < 3
                || light.withLightness(light.hsl.lightness + 0.01).quantized.contrastRatio(with: paper.color(.bgSecondary, for: .light)) < 3,
                "a lighter yellow would still have passed: not the nearest")
        // Text on the accent: the theme's own where it reads.
        #expect(worn.color(.textOnAccent, for: .light) == paper.color(.textOnAccent, for: .light))
    }
}
