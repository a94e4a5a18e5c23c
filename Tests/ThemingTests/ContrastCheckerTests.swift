import Foundation
import Testing
@testable import Theming

@Suite("Contrast checks")
struct ContrastCheckerTests {
    private func paper(_ edit: (inout [String: Any]) -> Void) throws -> Theme {
        try ThemeFile.decode(try TestSupport.paperData(edit), file: "paper.json")
    }

    @Test func aFailingPairIsFoundWithItsRatioAndRule() throws {
        let theme = try paper { TestSupport.set("#B8B0A5", at: "tokens.color.text_secondary.light", in: &$0) }
        let findings = ContrastChecker.findings(for: theme)
        let finding = try #require(findings.first { $0.foreground == .textSecondary && $0.background == .bgPrimary })
        #expect(finding.scheme == .light)
        #expect(finding.required == 4.5)
        #expect(finding.ratio < 4.5)
        #expect(finding.description.hasPrefix("light: text_secondary on bg_primary is "))
        #expect(finding.description.contains("needs 4.5:1 (body text); try text_secondary #"))
    }

    @Test("the suggestion makes the failing pair pass and stays close", arguments: [
        ("#B8B0A5", "#FAF8F5", 4.5), ("#444444", "#1C1915", 4.5), ("#E8A33D", "#FFFFFF", 3.0),
        ("#808080", "#FFFFFF", 7.0), ("#5E81AC", "#2E3440", 4.5),
    ])
    func suggestionPasses(foreground: String, background: String, required: Double) throws {
        let front = try #require(Color(hex: foreground))
        let back = try #require(Color(hex: background))
        #expect(front.contrastRatio(with: back) < required)
        let suggestion = try #require(ContrastChecker.suggestion(for: front, on: back, required: required))
        #expect(suggestion.contrastRatio(with: back) >= required)
        #expect(abs(suggestion.hsl.hue - front.hsl.hue) < 3 || front.hsl.saturation < 0.01)
        // Nearest: a slightly smaller lightness change would fail.
        let step = suggestion.hsl.lightness > front.hsl.lightness ? -0.01 : 0.01
        let closer = front.withLightness(suggestion.hsl.lightness + step)
        #expect(closer.contrastRatio(with: back) < required)
    }

    @Test func noSuggestionWhenNoLightnessCanPass() throws {
        let grey = try #require(Color(hex: "#777777"))
        #expect(ContrastChecker.suggestion(for: grey, on: grey, required: 7) == nil)
    }

    @Test func highContrastThemesUseStricterRules() throws {
        let ordinary = try paper { _ in }
        let strict = try paper { $0["high_contrast"] = true }
        #expect(ContrastChecker.findings(for: ordinary).isEmpty)
        let findings = ContrastChecker.findings(for: strict)
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0.required == ($0.rule.kind == .body ? 7 : 4.5) })
    }

    @Test func everyRequiredPairIsChecked() {
        let pairs = Set(ContrastRule.all.map { "\($0.foreground.rawValue)/\($0.background.rawValue)/\($0.kind)" })
        for expected in ["text_primary/bg_primary/body", "text_primary/bg_secondary/body",
                         "text_secondary/bg_primary/body", "text_secondary/bg_secondary/body",
                         "text_link/bg_primary/body", "text_link/bg_secondary/body",
                         "button_primary_text/button_primary_bg/body", "selection_text/selection_bg/body",
                         "text_on_accent/accent/body", "text_tertiary/bg_primary/body", "text_tertiary/bg_tertiary/body",
                         "border_strong/bg_primary/ui", "state_unread/bg_primary/ui",
                         "state_starred/bg_primary/ui", "state_error/bg_primary/ui",
                         "state_warning/bg_primary/ui", "state_success/bg_primary/ui"] {
            #expect(pairs.contains(expected), "\(expected)")
        }
    }

    /// Contrast is a rule: a theme whose text equals its background is invalid (exit 1), with
    /// each failing pair and the colour that would pass.
    @Test func aThemeThatFailsContrastIsInvalidWithItsFindings() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try TestSupport.writeTheme(named: "Dim", file: "dim.json", in: folder) {
            TestSupport.set("#1C1915", at: "tokens.color.text_primary.dark", in: &$0)   // bg_primary's dark value
        }
        let validation = ThemeValidation(file: file)
        #expect(!validation.isValid)
        #expect(validation.theme != nil, "the theme still loads (Lectern lists it with its findings)")
        #expect(validation.report.first?.hasPrefix("invalid: \"Dim\" fails 4 contrast checks") == true, "\(validation.report)")
        #expect(validation.report.first?.contains("--fix-contrast") == true)
        #expect(validation.report.contains { $0.contains("dark: text_primary on bg_primary is 1:1") })
        let broken = try TestSupport.writeTheme(named: "Broken", file: "broken.json", in: folder) {
            TestSupport.set("#12345", at: "tokens.color.text_link.dark", in: &$0)
        }
        let invalid = ThemeValidation(file: broken)
        #expect(!invalid.isValid)
        #expect(invalid.theme == nil)
        #expect(invalid.report == ["invalid: broken.json: tokens.color.text_link.dark: \"#12345\" is not a colour "
            + "(write #RGB, #RRGGBB or #RRGGBBAA)"])
    }

    /// "Fix Contrast": a corrected copy beside the file that passes, the original untouched.
    @Test func fixContrastWritesACorrectedCopyThatPasses() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try TestSupport.writeTheme(named: "Dim", file: "dim.json", in: folder) {
            TestSupport.set("#1C1915", at: "tokens.color.text_primary.dark", in: &$0)
            TestSupport.set("#F2EDE4", at: "tokens.color.accent.light", in: &$0)   // a focus ring no one sees
        }
        let original = try Data(contentsOf: file)
        let copy = try ContrastFix.writeCorrectedCopy(of: file)
        #expect(copy.lastPathComponent == "dim-fixed-contrast.json")
        let fixed = ThemeValidation(file: copy)
        #expect(fixed.isValid, "\(fixed.report)")
        #expect(fixed.theme?.name == "Dim (Fixed Contrast)")
        #expect(try Data(contentsOf: file) == original, "the original file was changed")
        #expect(throws: ContrastFix.Failure.self) { try ContrastFix.writeCorrectedCopy(of: copy) }
    }

    /// The accent draws the focus ring: it must stand out 3:1 on every surface.
    @Test func theFocusRingIsChecked() {
        let pairs = Set(ContrastRule.all.map { "\($0.foreground.rawValue)/\($0.background.rawValue)" })
        for surface in ["bg_primary", "bg_secondary", "bg_tertiary", "bg_elevated"] {
            #expect(pairs.contains("accent/\(surface)"), "\(surface)")
        }
    }
}
