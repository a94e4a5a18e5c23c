import Foundation
import Testing
@testable import Theming

@Suite("Theme files: decoding and error messages")
struct ThemeFileTests {
    private func decodeError(_ edit: (inout [String: Any]) -> Void) throws -> ThemeError? {
        TestSupport.decodingError(try TestSupport.paperData(edit), file: "paper.json")
    }

    @Test func badColourNamesFileAndTokenPath() throws {
        let error = try decodeError { TestSupport.set("#12345", at: "tokens.color.text_link.dark", in: &$0) }
        #expect(error == .invalidColor(file: "paper.json", path: "tokens.color.text_link.dark", value: "#12345"))
        let message = try #require(error?.description)
        #expect(message.hasPrefix("paper.json: tokens.color.text_link.dark: \"#12345\" is not a colour"))
    }

    @Test func missingDarkValue() throws {
        let error = try decodeError { TestSupport.set(nil, at: "tokens.color.accent.dark", in: &$0) }
        #expect(error == .missing(file: "paper.json", path: "tokens.color.accent.dark"))
        #expect(error?.description.contains("needs a \"light\" and a \"dark\" value") == true)
    }

    @Test func missingColourToken() throws {
        let error = try decodeError { TestSupport.set(nil, at: "tokens.color.state_success", in: &$0) }
        #expect(error == .missing(file: "paper.json", path: "tokens.color.state_success"))
    }

    @Test func unknownTokenSuggestsTheNearestName() throws {
        let error = try decodeError {
            TestSupport.set(["light": "#000", "dark": "#fff"], at: "tokens.color.text_lnk", in: &$0)
        }
        #expect(error == .unknownToken(file: "paper.json", path: "tokens.color.text_lnk", suggestion: "text_link"))
        #expect(error?.description == "paper.json: tokens.color.text_lnk: unknown token (did you mean text_link?)")
    }

    @Test func unknownKeysAnywhereAreErrors() throws {
        let top = try decodeError { $0["colour"] = "blue" }
        #expect(top == .unknownToken(file: "paper.json", path: "colour", suggestion: nil))
        let spacing = try decodeError { TestSupport.set(3, at: "tokens.spacing.xxl", in: &$0) }
        #expect(spacing == .unknownToken(file: "paper.json", path: "tokens.spacing.xxl", suggestion: "xl"))
        let variant = try decodeError { TestSupport.set("#000", at: "tokens.color.accent.dusk", in: &$0) }
        #expect(variant == .unknownToken(file: "paper.json", path: "tokens.color.accent.dusk", suggestion: "dark"))
    }

    @Test func wrongTypes() throws {
        let number = try decodeError { TestSupport.set(12, at: "tokens.color.bg_primary.light", in: &$0) }
        #expect(number == .wrongType(file: "paper.json", path: "tokens.color.bg_primary.light",
                                     expected: "a colour string like \"#RRGGBB\"", found: "a number"))
        let flat = try decodeError { TestSupport.set("#fff", at: "tokens.color.bg_primary", in: &$0) }
        #expect(flat == .wrongType(file: "paper.json", path: "tokens.color.bg_primary",
                                   expected: "an object", found: "a string"))
        let size = try decodeError { TestSupport.set("11", at: "tokens.typography.base_size", in: &$0) }
        #expect(size?.description == "paper.json: tokens.typography.base_size: expected a number, found a string")
        let flag = try decodeError { $0["high_contrast"] = "yes" }
        #expect(flag == .wrongType(file: "paper.json", path: "high_contrast", expected: "true or false",
                                   found: "a string"))
        let name = try decodeError { $0["name"] = ["Paper"] }
        #expect(name == .wrongType(file: "paper.json", path: "name", expected: "a string", found: "a list"))
    }

    @Test func valuesOutOfRangeOrUnsafe() throws {
        let size = try decodeError { TestSupport.set(200, at: "tokens.typography.base_size", in: &$0) }
        #expect(size?.description == "paper.json: tokens.typography.base_size: 200 is out of range (6–36 pt)")
        let family = try decodeError {
            TestSupport.set(["Evil\"; } * { color: red"], at: "tokens.typography.ui_family", in: &$0)
        }
        guard case .invalidValue(_, "tokens.typography.ui_family", _, _)? = family else {
            Issue.record("expected an invalid font family, got \(String(describing: family))")
            return
        }
        let blank = try decodeError { $0["name"] = "  " }
        #expect(blank == .invalidValue(file: "paper.json", path: "name", value: "\"\"", reason: "must not be empty"))
    }

    @Test func missingNameAndTokens() throws {
        #expect(try decodeError { $0["name"] = nil } == .missing(file: "paper.json", path: "name"))
        #expect(try decodeError { $0["tokens"] = nil } == .missing(file: "paper.json", path: "tokens"))
        let description = try decodeError { TestSupport.set(nil, at: "description.dark", in: &$0) }
        #expect(description == .missing(file: "paper.json", path: "description.dark"))
    }

    @Test func notJSON() {
        #expect(throws: ThemeError.self) { try ThemeFile.decode(Data("{ \"name\": ".utf8), file: "x.json") }
        do {
            _ = try ThemeFile.decode(Data("[1, 2]".utf8), file: "x.json")
            Issue.record("a list is not a theme")
        } catch {
            #expect(error == .notJSON(file: "x.json", reason: "expected a JSON object at the top, found a list"))
        }
    }

    @Test func unreadableFile() {
        let url = URL(fileURLWithPath: "/nonexistent/lectern/none.json")
        do {
            _ = try ThemeFile.load(url)
            Issue.record("a missing file cannot load")
        } catch {
            guard case .unreadable(file: "none.json", _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func optionalTokensFallBackToStandardValues() throws {
        let data = try TestSupport.paperData { object in
            TestSupport.set(nil, at: "tokens.typography", in: &object)
            TestSupport.set(nil, at: "tokens.spacing", in: &object)
            TestSupport.set(["large": 20], at: "tokens.radius", in: &object)
        }
        let theme = try ThemeFile.decode(data, file: "paper.json")
        #expect(theme.typography == .standard)
        #expect(theme.spacing == .standard)
        #expect(theme.radii == Radii(small: Radii.standard.small, medium: Radii.standard.medium, large: 20))
        #expect(theme.isHighContrast == false)
    }

    @Test func fontFamiliesMayBeACommaSeparatedString() throws {
        let data = try TestSupport.paperData {
            TestSupport.set("Inter, sans-serif", at: "tokens.typography.ui_family", in: &$0)
        }
        let theme = try ThemeFile.decode(data, file: "paper.json")
        #expect(theme.typography.uiFamily == ["Inter", "sans-serif"])
    }

    @Test func themeInitialiserRequiresEveryColour() {
        #expect(throws: ThemeError.self) {
            try Theme(name: "Empty", descriptions: Adaptive("nothing"), colors: [:])
        }
    }
}
