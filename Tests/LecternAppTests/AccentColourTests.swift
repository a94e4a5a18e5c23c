import Foundation
import Testing
import TestSupport
import Theming

/// The desktop's accent colour (the settings portal's `accent-color`, from a fake portal) worn
/// by the theme when chosen: in the window's pixels (the welcome page's primary button), fitted
/// to the theme's surfaces, followed live; the theme's own otherwise.
@Suite("The desktop's accent colour", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
struct AccentColourTests {
    static let blue = (0.208, 0.518, 0.894)      // GNOME's blue, #3584E4: a little light for white text
    static let paleYellow = (1.0, 0.953, 0.627)  // #FFF3A0: no light theme can draw it as it is

    private var paper: Theme {
        get throws {
            let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)
            return try #require(catalog.theme(named: "Paper"))
        }
    }

    /// The primary button's colour Paper light wears with `accent`.
    private func fitted(_ accent: (Double, Double, Double)) throws -> String {
        DesktopAccent.applied(Color(r: accent.0, g: accent.1, b: accent.2), to: try paper).color(.buttonPrimaryBg, for: .light).hex.lowercased()
    }

    private func pixels(of hex: String, in shot: String) throws -> Int {
        try #require(PNGImage(path: shot)).count(of: hex)
    }

    @Test func theDesktopsAccentIsWornWhenChosenAndFollowedLive() async throws {
        let sandbox = try await LecternSandbox()
        let portal = try await FakePortal(sandbox: sandbox, colorScheme: 2, accent: Self.blue)
        let own = try paper.color(.buttonPrimaryBg, for: .light).hex.lowercased()
        let blue = try fitted(Self.blue)
        #expect(blue != "#3584e4", "GNOME's blue is darkened for Paper's white button text")

        // The theme's own until chosen.
        let before = sandbox.root.appending(path: "own.png").path
        #expect(await sandbox.run(["--screenshot", before]).status == 0)
        #expect(try pixels(of: own, in: before) > 200 && pixels(of: blue, in: before) == 0)

        // --accent desktop: worn, and remembered.
        let worn = sandbox.root.appending(path: "desktop.png").path
        let result = await sandbox.run(["--accent", "desktop", "--screenshot", worn])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try pixels(of: blue, in: worn) > 200 && pixels(of: own, in: worn) == 0)
        #expect(try String(contentsOf: sandbox.settingsFile, encoding: .utf8).contains("accent=desktop"))

        // The desktop's accent changes while the window is open: a pale yellow, darkened until it passes.
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        let yellow = try fitted(Self.paleYellow)
        let raw = Color(r: Self.paleYellow.0, g: Self.paleYellow.1, b: Self.paleYellow.2)
        #expect(try #require(Color(hex: yellow)).contrastRatio(with: try paper.color(.bgPrimary, for: .light)) >= 3
                && raw.contrastRatio(with: try paper.color(.bgPrimary, for: .light)) < 3)
        try await portal.setAccent(Self.paleYellow.0, Self.paleYellow.1, Self.paleYellow.2)
        let live = sandbox.root.appending(path: "live.png").path
        #expect(await eventually(timeout: 20) {
            await sandbox.run(["--screenshot", live]).answered(by: app) && ((try? pixels(of: yellow, in: live)) ?? 0) > 200
        }, "the running window never wore the new accent")
    }

    @Test func aThemeWhoseFileAsksForTheDesktopsAccentWearsIt() async throws {
        let sandbox = try await LecternSandbox()
        let portal = try await FakePortal(sandbox: sandbox, colorScheme: 2, accent: Self.blue)
        _ = portal
        // Paper's colours under another name, asking for the desktop's accent; Preferences left as they are.
        var object = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: LecternSandbox.packageRoot.appending(path: "Themes/paper.json"))) as? [String: Any])
        object["name"] = "Desk"
        object["desktop_accent"] = true
        let themes = sandbox.dataDirectory.appending(path: "themes")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: object).write(to: themes.appending(path: "desk.json"))
        let shot = sandbox.root.appending(path: "desk.png").path
        let result = await sandbox.run(["--theme", "Desk", "--screenshot", shot])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try pixels(of: fitted(Self.blue), in: shot) > 200)
        #expect(try !String(contentsOf: sandbox.settingsFile, encoding: .utf8).contains("accent=desktop"), "the setting stays the theme's own")
    }

    @Test func anUnknownAccentIsAUsageError() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--accent", "purple"], environment: ["DISPLAY": nil])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown accent \"purple\"; use one of: theme, desktop"), "\(result.stderr)")
    }
}
