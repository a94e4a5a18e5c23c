import Foundation
import Testing
import TestSupport

@Suite("Theme flags")
struct ThemeFlagTests {
    @Test func listThemesShowsBuiltInUserAndInvalidThemes() async throws {
        let sandbox = try await LecternSandbox()
        let themes = sandbox.dataDirectory.appending(path: "themes")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        let paper = try String(contentsOf: LecternSandbox.packageRoot.appending(path: "Themes/paper.json"), encoding: .utf8)
        try paper.replacingOccurrences(of: "\"name\": \"Paper\"", with: "\"name\": \"My Paper\"")
            .write(to: themes.appending(path: "mine.json"), atomically: true, encoding: .utf8)
        try "{ \"name\": \"Broken\" }".write(to: themes.appending(path: "broken.json"), atomically: true, encoding: .utf8)

        let result = await sandbox.run(["--list-themes"], environment: ["DISPLAY": nil])

        #expect(result.status == 0)
        for name in ["Paper", "High Contrast", "Midnight", "Sepia"] {
            #expect(result.stdout.contains("\(name) (built-in)"), "\(name) missing from:\n\(result.stdout)")
        }
        #expect(result.stdout.contains("My Paper (user)"))
        #expect(result.stdout.contains("(user, invalid"), "an invalid user theme is listed with its reason")
        #expect(result.stdout.contains("light: Warm parchment tones inspired by printed books."))
    }

    @Test func printCSSUsesTheRequestedThemeAndScheme() async throws {
        let sandbox = try await LecternSandbox()
        let dark = await sandbox.run(["--print-css", "--theme", "paper", "--color-scheme", "dark"], environment: ["DISPLAY": nil])
        #expect(dark.status == 0)
        #expect(dark.stdout.contains("@define-color bg_primary #1c1915;"))
        let light = await sandbox.run(["--print-css", "--color-scheme", "light"], environment: ["DISPLAY": nil])
        #expect(light.stdout.contains("@define-color bg_primary #faf8f5;"), "Paper is the default theme")
    }

    @Test func unknownThemeNamesTheClosestAndTheAvailableOnes() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--theme", "Midnite"], environment: ["DISPLAY": nil])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown theme \"Midnite\""))
        #expect(result.stderr.contains("Did you mean \"Midnight\"?"))
        #expect(result.stderr.contains("Available themes: Paper"))
    }

    @Test func unknownSchemeNamesTheThreeAccepted() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--color-scheme", "dim"], environment: ["DISPLAY": nil])
        #expect(result.status == 2)
        #expect(result.stderr.contains("use one of: system, light, dark"))
    }

    @Test func validateThemeExitsZeroForAGoodFileAndOneForABadOne() async throws {
        let sandbox = try await LecternSandbox()
        let good = await sandbox.run(["--validate-theme", LecternSandbox.packageRoot.appending(path: "Themes/paper.json").path])
        #expect(good.status == 0, "\(good.stdout)")
        let badFile = sandbox.root.appending(path: "bad.json")
        try "{\"name\": \"Bad\", \"description\": {\"light\": \"a\", \"dark\": \"b\"}, \"tokens\": {\"color\": {\"text_link\": {\"light\": \"#12345\"}}}}"
            .write(to: badFile, atomically: true, encoding: .utf8)
        let bad = await sandbox.run(["--validate-theme", badFile.path])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("bad.json"), "the finding names the file:\n\(bad.stdout)")
    }

    /// Contrast is a rule: a theme whose text is its background fails (exit 1), and
    /// `--fix-contrast` writes a corrected copy that passes beside it.
    @Test func aThemeFailingContrastIsInvalidAndFixContrastWritesOneThatPasses() async throws {
        let sandbox = try await LecternSandbox()
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: LecternSandbox.packageRoot
            .appending(path: "Themes/paper.json"))) as? [String: Any])
        object["name"] = "Dim"
        var tokens = object["tokens"] as? [String: Any] ?? [:]
        var colors = tokens["color"] as? [String: Any] ?? [:]
        colors["text_primary"] = ["light": "#FAF8F5", "dark": "#1C1915"]   // bg_primary's own values
        tokens["color"] = colors
        object["tokens"] = tokens
        let file = sandbox.root.appending(path: "dim.json")
        try JSONSerialization.data(withJSONObject: object).write(to: file)

        let checked = await sandbox.run(["--validate-theme", file.path], environment: ["DISPLAY": nil])
        #expect(checked.status == 1, "\(checked.stdout)")
        #expect(checked.stdout.hasPrefix("invalid: \"Dim\" fails"), "\(checked.stdout)")
        let fixed = await sandbox.run(["--fix-contrast", file.path], environment: ["DISPLAY": nil])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        let copy = sandbox.root.appending(path: "dim-fixed-contrast.json")
        #expect(fixed.stdout.contains(copy.path) && fixed.stdout.contains("Dim (Fixed Contrast)"), "\(fixed.stdout)")
        #expect(await sandbox.run(["--validate-theme", copy.path], environment: ["DISPLAY": nil]).status == 0)
        #expect(await sandbox.run(["--fix-contrast", copy.path], environment: ["DISPLAY": nil]).status == 1, "nothing left to fix")
    }
}
