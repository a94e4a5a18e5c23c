import Foundation
import Testing
import TestSupport
import Theming

/// Flags given to a second launch are carried out by the running Lectern, which answers.
@Suite("Forwarded flags", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct ForwardedFlagTests {
    @Test func themeAndSchemeSwitchTheRunningWindowAndAreRemembered() async throws {
        let sandbox = try await LecternSandbox()
        let app = try sandbox.start(["--color-scheme", "light"])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())

        let switched = await sandbox.run(["--theme", "Midnight", "--color-scheme", "dark"], timeout: 30)
        #expect(switched.status == 0, "\(switched.stderr)")
        #expect(await eventually(timeout: 5) {
            let saved = (try? String(contentsOf: sandbox.settingsFile, encoding: .utf8)) ?? ""
            return saved.contains("theme=Midnight") && saved.contains("color-scheme=dark")
        })
        let shot = sandbox.root.appending(path: "forwarded.png").path
        #expect(await sandbox.run(["--screenshot", shot]).status == 0)
        let image = try #require(PNGImage(path: shot))
        let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)
        let midnight = try #require(catalog.theme(named: "Midnight"))
        #expect(image.hex(x: image.width * 3 / 4, y: image.height - 40) == midnight.color(.bgPrimary, for: .dark).hex.lowercased())
        #expect(app.isRunning)
    }

    @Test func aForwardedRefreshAnswersWithItsSummary() async throws {
        let sandbox = try await LecternSandbox()
        let opml = LecternSandbox.packageRoot.appending(path: "data/samples/samples.opml").path
        try #require(await sandbox.run(["--batch", opml], environment: ["DISPLAY": nil]).status == 0)
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        let refreshed = await sandbox.run(["--refresh"], timeout: 60)
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        // The window's own first refresh, 5 s after its start, may have fetched the articles first:
        // the answer is the summary of this refresh, whatever it found.
        #expect(refreshed.stderr.contains("[1/2] ") && refreshed.stderr.contains("[2/2] "), "\(refreshed.stderr)")
        #expect(refreshed.stderr.contains(/Refreshed 2 feeds: \d+ new articles?/), "\(refreshed.stderr)")
    }
}
