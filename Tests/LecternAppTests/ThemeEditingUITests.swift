import Foundation
import Testing
import TestSupport
import Theming

/// The theme editor end to end on the real app, driven by its actions over D-Bus (the editor's
/// own buttons go through the same ones): a copy of Paper edited, worn by the window at once,
/// undone and redone, saved, and there after a restart; a failing theme saved as a draft.
@Suite("Editing a theme in Lectern", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
struct ThemeEditingUITests {
    static let teal = "#1a6e6a"

    private func buttonPixels(_ hex: String, _ sandbox: LecternSandbox, _ app: Process, name: String) -> Int {
        let shot = sandbox.root.appending(path: "\(name).png").path
        guard sandbox.run(["--screenshot", shot]).answered(by: app) else { return -1 }
        return PNGImage(path: shot)?.count(of: hex) ?? -1
    }

    private func started(_ sandbox: LecternSandbox) throws -> Process {
        let app = try sandbox.start([])
        try #require(waitUntil(timeout: 20) { sandbox.bus.hasOwner("dev.lectern.Lectern") })
        return app
    }

    @Test func aCopyIsEditedWornUndoneSavedAndThereAfterARestart() throws {
        let sandbox = try LecternSandbox()
        let builtIn = LecternSandbox.packageRoot.appending(path: "Themes/paper.json")
        let builtInBytes = try Data(contentsOf: builtIn)
        let paperButton = try ThemeFile.load(builtIn).color(.buttonPrimaryBg, for: .light).hex.lowercased()
        let copy = sandbox.dataDirectory.appending(path: "themes/paper-copy.json")
        let app = try started(sandbox)
        sandbox.activate("edit-theme", "[<'Paper'>]")
        #expect(waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: copy.path) }, "no copy was made")

        sandbox.activate("set-theme-color", "[<'button_primary_bg:light:#1A6E6A'>]")
        #expect(waitUntil(timeout: 10) { buttonPixels(Self.teal, sandbox, app, name: "edited") > 200 }, "the window does not wear the edit")
        sandbox.activate("theme-undo")
        #expect(waitUntil(timeout: 10) { buttonPixels(paperButton, sandbox, app, name: "undone") > 200 }, "undo did not bring Paper's button back")
        sandbox.activate("theme-redo")
        #expect(waitUntil(timeout: 10) { buttonPixels(Self.teal, sandbox, app, name: "redone") > 200 })
        sandbox.activate("save-theme")
        #expect(waitUntil(timeout: 10) { (try? ThemeFile.load(copy))?.color(.buttonPrimaryBg, for: .light).hex == Self.teal })
        #expect(try Data(contentsOf: builtIn) == builtInBytes, "the built-in file is never written")
        let validated = sandbox.run(["--validate-theme", copy.path], environment: ["DISPLAY": nil])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        app.stop()

        // Lectern again: the theme is there, and worn when chosen.
        let listed = sandbox.run(["--list-themes"], environment: ["DISPLAY": nil])
        #expect(listed.stdout.contains("Paper Copy (user)"), "\(listed.stdout)")
        let shot = sandbox.root.appending(path: "restarted.png").path
        #expect(sandbox.run(["--theme", "Paper Copy", "--screenshot", shot]).status == 0)
        #expect((PNGImage(path: shot)?.count(of: Self.teal) ?? 0) > 200)
    }

    @Test func aThemeFailingContrastIsSavedAsADraftThatIsNeverWorn() throws {
        let sandbox = try LecternSandbox()
        let copy = sandbox.dataDirectory.appending(path: "themes/paper-copy.json")
        let app = try started(sandbox)
        defer { app.stop() }
        sandbox.activate("edit-theme", "[<'Paper'>]")
        #expect(waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: copy.path) })
        sandbox.activate("set-theme-color", "[<'text_secondary:light:#D0C8C0'>]")
        sandbox.activate("save-theme")
        #expect(waitUntil(timeout: 10) { (try? ThemeFile.load(copy))?.isDraft == true }, "not saved as a draft")
        #expect(sandbox.run(["--validate-theme", copy.path], environment: ["DISPLAY": nil]).status == 1, "a draft fails validation")
        let refused = sandbox.run(["--theme", "Paper Copy"], environment: ["DISPLAY": nil])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\"Paper Copy\" is a draft that fails contrast checks"), "\(refused.stderr)")
    }

    @Test func aThemeFileFromElsewhereIsImportedUnderANameOfItsOwn() throws {
        let sandbox = try LecternSandbox()
        let app = try started(sandbox)
        defer { app.stop() }
        // Forest as someone else's file: its name is taken by the built-in, so it comes in as "Forest 2".
        let outside = sandbox.root.appending(path: "shared-forest.json")
        try Data(contentsOf: LecternSandbox.packageRoot.appending(path: "Themes/forest.json")).write(to: outside)
        let broken = sandbox.root.appending(path: "broken.json")
        try Data("{\"name\": \"Broken\"}".utf8).write(to: broken)
        sandbox.activate("import-theme", "[<'\(broken.path)'>]")
        sandbox.activate("import-theme", "[<'\(outside.path)'>]")
        let themes = sandbox.dataDirectory.appending(path: "themes")
        #expect(waitUntil(timeout: 10) { ((try? FileManager.default.contentsOfDirectory(atPath: themes.path)) ?? []).count == 1 })
        #expect(try FileManager.default.contentsOfDirectory(atPath: themes.path) == ["forest-2.json"], "the broken file is not copied")
        let listed = sandbox.run(["--list-themes"], environment: ["DISPLAY": nil])
        #expect(listed.stdout.contains("Forest 2 (user)"), "\(listed.stdout)")
    }
}
