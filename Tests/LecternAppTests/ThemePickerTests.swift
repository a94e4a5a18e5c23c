import Foundation
import Testing
import TestSupport
import Theming

@Suite("Theme picker", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct ThemePickerTests {
    private let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)

    @Test func pickerPreviewsEveryBuiltInThemeInItsOwnColours() async throws {
        let sandbox = try await LecternSandbox()
        let shot = sandbox.root.appending(path: "picker.png").path
        let result = await sandbox.run(["--theme-picker", "--color-scheme", "light", "--screenshot", shot])
        #expect(result.status == 0 && !result.signalled, "status \(result.status), signalled \(result.signalled): \(result.stderr)")
        let image = try #require(PNGImage(path: shot))
        #expect(catalog.themes.count >= 8)
        for theme in catalog.themes {
            let background = theme.color(.bgPrimary, for: .light).hex.lowercased()
            #expect(image.count(of: background) > 1500, "\(theme.name)'s card does not show its bg_primary \(background)")
        }
    }

    /// GTK's own stylesheet draws scales, checks, selected rows and focus rings in its
    /// blue (#3584e4, #15539e when dark); in Lectern they wear the theme's accent.
    @Test(arguments: ["light", "dark"])
    func noStockWidgetKeepsGTKsBlue(scheme: String) async throws {
        let sandbox = try await LecternSandbox()
        let shot = sandbox.root.appending(path: "picker-\(scheme).png").path
        let result = await sandbox.run(["--theme-picker", "--theme", "Paper", "--color-scheme", scheme, "--screenshot", shot])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try #require(PNGImage(path: shot))
        for blue in ["#3584e4", "#15539e"] {
            #expect(image.count(of: blue) == 0, "the text-size scale (or another stock widget) is drawn in GTK's \(blue)")
        }
        // ...and they are drawn: the scale's highlight and the chosen card wear Paper's accent.
        let accent = try #require(catalog.theme(named: "Paper")).color(.accent, for: scheme == "dark" ? .dark : .light)
        #expect(image.count(of: accent.hex.lowercased()) > 100, "no widget wears the accent \(accent.hex)")
    }

    @Test func choosingAThemeThroughThePickersActionRestylesAndRemembersIt() async throws {
        let sandbox = try await LecternSandbox()
        let app = try sandbox.start(["--theme-picker", "--color-scheme", "light"])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())

        // The picker's cards activate app.select-theme; call it as a card would, over D-Bus.
        let call = await sandbox.activate("select-theme", "[<'Midnight'>]")
        #expect(call.status == 0, "\(call.stderr)")
        #expect(await eventually(timeout: 5) {
            (try? String(contentsOf: sandbox.settingsFile, encoding: .utf8))?.contains("theme=Midnight") == true
        }, "the choice is saved to settings.ini")

        let shot = sandbox.root.appending(path: "main.png").path
        #expect(await sandbox.run(["--screenshot", shot]).answered(by: app))
        let image = try #require(PNGImage(path: shot))
        let midnight = try #require(catalog.theme(named: "Midnight")).color(.bgPrimary, for: .light).hex.lowercased()
        #expect(image.hex(x: image.width * 3 / 4, y: image.height - 40) == midnight, "the main window wears Midnight")
    }

    @Test func thePickerFollowsTheDesktopsSchemeChange() async throws {
        let sandbox = try await LecternSandbox()
        let portal = try await FakePortal(sandbox: sandbox, colorScheme: 1)
        let app = try sandbox.start(["--theme-picker"])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        let paper = try #require(catalog.theme(named: "Paper"))

        try await portal.set("color-scheme", 2)
        let shot = sandbox.root.appending(path: "picker-light.png").path
        // Paper's own card preview shows its light variant, as does the picker's chrome, once
        // the signal has arrived (a hang guard only).
        let light = paper.color(.bgPrimary, for: .light).hex.lowercased()
        #expect(await eventually(timeout: 20) {
            await sandbox.run(["--theme-picker", "--screenshot", shot]).answered(by: app)
                && (PNGImage(path: shot)?.count(of: light) ?? 0) > 10_000
        }, "the running picker never switched to light")
        let image = try #require(PNGImage(path: shot))
        #expect(image.count(of: paper.color(.bgPrimary, for: .dark).hex.lowercased()) < 500)
    }
}
