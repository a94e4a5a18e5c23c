import Foundation
@testable import LecternApp
import Testing
import TestSupport

/// Keeping Lectern running without its window: the real app on a private bus and an X display
/// of its own (`PrivateDisplay`: on the shared one, another test's new window takes the focus
/// Ctrl+W needs), its window closed with Ctrl+W as a user would.
@Suite("Running in the background", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct BackgroundTests {
    private func windowShows(_ app: Process, _ sandbox: LecternSandbox) async -> Bool {
        await !app.visibleWindows(titled: "Lectern", environment: sandbox.environment).isEmpty
    }

    /// Ctrl+W in the main window, as a user would close it.
    private func closeWindow(_ app: Process, _ sandbox: LecternSandbox) async throws {
        var found: String?
        _ = await eventually(timeout: 5) {
            found = await app.visibleWindows(titled: "Lectern", environment: sandbox.environment).first
            return found != nil
        }
        let window = try #require(found, "no window to close")
        // Focused, then the key, as a user does. (An event sent to the window without the focus
        // closes it too, but GTK then never shows it again.) Pressed again if it was lost.
        for _ in 0..<3 {
            _ = await Command.run("/usr/bin/xdotool", ["windowfocus", "--sync", window, "key", "ctrl+w"], environment: sandbox.environment)
            if await eventually(timeout: 2, { await !windowShows(app, sandbox) || !app.isRunning }) { return }
        }
    }

    /// Starts Lectern in `sandbox` on `display`.
    private func start(_ sandbox: LecternSandbox, on display: PrivateDisplay, _ arguments: [String] = []) async throws -> Process {
        sandbox.extraEnvironment.merge(display.environment) { $1 }
        let app = try sandbox.start(arguments)
        try #require(await sandbox.lecternIsRunning())
        return app
    }

    @Test func closingTheWindowWithThePreferenceOnLeavesLecternRunning() async throws {
        let sandbox = try await LecternSandbox()
        try sandbox.write(settings: "[background]\nenabled=true\n")
        let display = try await PrivateDisplay()
        defer { withExtendedLifetime(display) {} }
        let app = try await start(sandbox, on: display)
        defer { app.stop() }
        try #require(await eventually(timeout: 10) { await windowShows(app, sandbox) })
        try await closeWindow(app, sandbox)
        #expect(await eventually(timeout: 5) { await !windowShows(app, sandbox) }, "Ctrl+W did not close the window")
        await pause(seconds: 1.0)
        #expect(app.isRunning, "closing the window ended Lectern although it should keep running")
        // Launching Lectern again shows the window of the running one.
        #expect(await sandbox.run([]).status == 0)
        #expect(await eventually(timeout: 5) { await windowShows(app, sandbox) }, "the window did not come back")
        // Quit always quits.
        await sandbox.activate("quit")
        #expect(await eventually(timeout: 10) { !app.isRunning }, "Quit did not end Lectern")
    }

    @Test func closingTheWindowWithThePreferenceOffQuits() async throws {
        let sandbox = try await LecternSandbox()
        let display = try await PrivateDisplay()
        defer { withExtendedLifetime(display) {} }
        let app = try await start(sandbox, on: display)
        defer { app.stop() }
        try #require(await eventually(timeout: 10) { await windowShows(app, sandbox) })
        try await closeWindow(app, sandbox)
        #expect(await eventually(timeout: 10) { !app.isRunning }, "closing the window left Lectern running")
    }

    @Test func aBackgroundLaunchShowsNoWindowUntilLecternIsLaunchedAgain() async throws {
        let sandbox = try await LecternSandbox()
        let display = try await PrivateDisplay()
        defer { withExtendedLifetime(display) {} }
        let app = try await start(sandbox, on: display, ["--background"])
        defer { app.stop() }
        await pause(seconds: 1.5)
        #expect(app.isRunning, "lectern --background did not keep running")
        #expect(await !windowShows(app, sandbox), "lectern --background showed a window")
        #expect(await sandbox.run([]).status == 0)
        #expect(await eventually(timeout: 10) { await windowShows(app, sandbox) }, "launching Lectern again did not show its window")
        // With the window shown, closing it goes back to the background, as it started.
        try await closeWindow(app, sandbox)
        #expect(await eventually(timeout: 5) { await !windowShows(app, sandbox) })
        await pause(seconds: 1.0)
        #expect(app.isRunning)
    }
}

/// The autostart entry that starts Lectern in the background at login.
@Suite @MainActor struct AutostartTests {
    @Test func turningItOnWritesAnEntryThatRunsThisLecternInTheBackgroundAndOffRemovesIt() throws {
        let home = FileManager.default.temporaryDirectory.appending(path: "lectern-autostart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let entry = Autostart.entry(in: home)
        #expect(Autostart.set(true, configHome: home) == nil)
        let text = try String(contentsOf: entry, encoding: .utf8)
        #expect(text.hasPrefix("[Desktop Entry]\n"))
        let exec = try #require(text.split(separator: "\n").first { $0.hasPrefix("Exec=") })
        #expect(exec.hasSuffix("\" --background"), "\(exec)")
        #expect(text.contains("Icon=dev.lectern.Lectern"))
        #expect(Autostart.set(false, configHome: home) == nil)
        #expect(!FileManager.default.fileExists(atPath: entry.path))
        #expect(Autostart.set(false, configHome: home) == nil, "removing an entry that is not there is no error")
    }

    @Test func theExecLineQuotesAPathWithSpacesAndSpecialCharacters() {
        let text = Autostart.desktopEntry(executable: "/home/a b/$HOME/\"lectern\"")
        #expect(text.contains(#"Exec="/home/a b/\$HOME/\"lectern\"" --background"#))
    }
}
