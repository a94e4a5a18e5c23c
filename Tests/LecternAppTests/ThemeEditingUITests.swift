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

    private func buttonPixels(_ hex: String, _ sandbox: LecternSandbox, _ app: Process, name: String) async -> Int {
        let shot = sandbox.root.appending(path: "\(name).png").path
        guard await sandbox.run(["--screenshot", shot]).answered(by: app) else { return -1 }
        return PNGImage(path: shot)?.count(of: hex) ?? -1
    }

    private func started(_ sandbox: LecternSandbox) async throws -> Process {
        let app = try sandbox.start([])
        try #require(await sandbox.lecternIsRunning())
        return app
    }

    @Test func aCopyIsEditedWornUndoneSavedAndThereAfterARestart() async throws {
        let sandbox = try await LecternSandbox()
        let builtIn = LecternSandbox.packageRoot.appending(path: "Themes/paper.json")
        let builtInBytes = try Data(contentsOf: builtIn)
        let paperButton = try ThemeFile.load(builtIn).color(.buttonPrimaryBg, for: .light).hex.lowercased()
        let copy = sandbox.dataDirectory.appending(path: "themes/paper-copy.json")
        let app = try await started(sandbox)
        await sandbox.activate("edit-theme", "[<'Paper'>]")
        #expect(await eventually(timeout: 10) { FileManager.default.fileExists(atPath: copy.path) }, "no copy was made")

        await sandbox.activate("set-theme-color", "[<'button_primary_bg:light:#1A6E6A'>]")
        #expect(await eventually(timeout: 10) { await buttonPixels(Self.teal, sandbox, app, name: "edited") > 200 }, "the window does not wear the edit")
        await sandbox.activate("theme-undo")
        #expect(await eventually(timeout: 10) { await buttonPixels(paperButton, sandbox, app, name: "undone") > 200 }, "undo did not bring Paper's button back")
        await sandbox.activate("theme-redo")
        #expect(await eventually(timeout: 10) { await buttonPixels(Self.teal, sandbox, app, name: "redone") > 200 })
        await sandbox.activate("save-theme")
        #expect(await eventually(timeout: 10) { (try? ThemeFile.load(copy))?.color(.buttonPrimaryBg, for: .light).hex == Self.teal })
        #expect(try Data(contentsOf: builtIn) == builtInBytes, "the built-in file is never written")
        let validated = await sandbox.run(["--validate-theme", copy.path], environment: ["DISPLAY": nil])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        app.stop()

        // Lectern again: the theme is there, and worn when chosen.
        let listed = await sandbox.run(["--list-themes"], environment: ["DISPLAY": nil])
        #expect(listed.stdout.contains("Paper Copy (user)"), "\(listed.stdout)")
        let shot = sandbox.root.appending(path: "restarted.png").path
        #expect(await sandbox.run(["--theme", "Paper Copy", "--screenshot", shot]).status == 0)
        #expect((PNGImage(path: shot)?.count(of: Self.teal) ?? 0) > 200)
    }

    @Test func aThemeFailingContrastIsSavedAsADraftThatIsNeverWorn() async throws {
        let sandbox = try await LecternSandbox()
        let copy = sandbox.dataDirectory.appending(path: "themes/paper-copy.json")
        let app = try await started(sandbox)
        defer { app.stop() }
        await sandbox.activate("edit-theme", "[<'Paper'>]")
        #expect(await eventually(timeout: 10) { FileManager.default.fileExists(atPath: copy.path) })
        await sandbox.activate("set-theme-color", "[<'text_secondary:light:#D0C8C0'>]")
        await sandbox.activate("save-theme")
        #expect(await eventually(timeout: 10) { (try? ThemeFile.load(copy))?.isDraft == true }, "not saved as a draft")
        #expect(await sandbox.run(["--validate-theme", copy.path], environment: ["DISPLAY": nil]).status == 1, "a draft fails validation")
        let refused = await sandbox.run(["--theme", "Paper Copy"], environment: ["DISPLAY": nil])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\"Paper Copy\" is a draft that fails contrast checks"), "\(refused.stderr)")
    }

    @Test func aThemeFileFromElsewhereIsImportedUnderANameOfItsOwn() async throws {
        let sandbox = try await LecternSandbox()
        let app = try await started(sandbox)
        defer { app.stop() }
        // Forest as someone else's file: its name is taken by the built-in, so it comes in as "Forest 2".
        let outside = sandbox.root.appending(path: "shared-forest.json")
        try Data(contentsOf: LecternSandbox.packageRoot.appending(path: "Themes/forest.json")).write(to: outside)
        let broken = sandbox.root.appending(path: "broken.json")
        try Data("{\"name\": \"Broken\"}".utf8).write(to: broken)
        await sandbox.activate("import-theme", "[<'\(broken.path)'>]")
        await sandbox.activate("import-theme", "[<'\(outside.path)'>]")
        let themes = sandbox.dataDirectory.appending(path: "themes")
        #expect(await eventually(timeout: 10) { ((try? FileManager.default.contentsOfDirectory(atPath: themes.path)) ?? []).count == 1 })
        #expect(try FileManager.default.contentsOfDirectory(atPath: themes.path) == ["forest-2.json"], "the broken file is not copied")
        let listed = await sandbox.run(["--list-themes"], environment: ["DISPLAY": nil])
        #expect(listed.stdout.contains("Forest 2 (user)"), "\(listed.stdout)")
    }
}
