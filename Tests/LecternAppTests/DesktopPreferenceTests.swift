import Foundation
import Testing
import TestSupport

/// Lectern follows the desktop's light/dark preference through the XDG settings portal —
/// a fake one on a private bus — and still starts promptly without any.
@Suite("Following the desktop", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct DesktopPreferenceTests {
    static let paperLight = "#faf8f5", paperDark = "#1c1915", highContrastLight = "#ffffff"

    private func readerBackground(_ shot: String) throws -> String {
        let image = try #require(PNGImage(path: shot))
        return image.hex(x: image.width * 3 / 4, y: image.height - 40)
    }

    @Test func portalSayingDarkGivesTheDarkVariantAtStartUp() async throws {
        let sandbox = try await LecternSandbox()
        let portal = try await FakePortal(sandbox: sandbox, colorScheme: 1)
        let shot = sandbox.root.appending(path: "dark.png").path
        let result = await sandbox.run(["--screenshot", shot])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try readerBackground(shot) == Self.paperDark)
        _ = portal
    }

    @Test func anOldPortalWithOnlyReadIsUnderstood() async throws {
        let sandbox = try await LecternSandbox()
        let portal = try await FakePortal(sandbox: sandbox, colorScheme: 1, readOne: false)
        let shot = sandbox.root.appending(path: "old.png").path
        #expect(await sandbox.run(["--screenshot", shot]).status == 0)
        #expect(try readerBackground(shot) == Self.paperDark)
        _ = portal
    }

    @Test func theRunningWindowSwitchesWhenTheDesktopDoes() async throws {
        let sandbox = try await LecternSandbox()
        let portal = try await FakePortal(sandbox: sandbox, colorScheme: 1)
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        let before = sandbox.root.appending(path: "before.png").path
        #expect(await sandbox.run(["--screenshot", before]).answered(by: app))
        #expect(try readerBackground(before) == Self.paperDark)

        try await portal.set("color-scheme", 2)   // the desktop switches to light
        let after = sandbox.root.appending(path: "after.png").path
        // The signal arrives when it arrives: look until the running window is light (a hang guard only).
        #expect(await eventually(timeout: 20) {
            await sandbox.run(["--screenshot", after]).answered(by: app) && (try? readerBackground(after)) == Self.paperLight
        }, "the running window never switched to light")
    }

    @Test func theUsersOverrideWinsOverTheDesktop() async throws {
        let sandbox = try await LecternSandbox()
        let portal = try await FakePortal(sandbox: sandbox, colorScheme: 1)
        try sandbox.write(settings: "[appearance]\ncolor-scheme=light\n")
        let shot = sandbox.root.appending(path: "override.png").path
        #expect(await sandbox.run(["--screenshot", shot]).status == 0)
        #expect(try readerBackground(shot) == Self.paperLight)
        _ = portal
    }

    @Test func highContrastDesktopPicksHighContrastUnlessAThemeIsPinned() async throws {
        let sandbox = try await LecternSandbox()
        let portal = try await FakePortal(sandbox: sandbox, colorScheme: 2, contrast: 1)
        let shot = sandbox.root.appending(path: "contrast.png").path
        #expect(await sandbox.run(["--screenshot", shot]).status == 0)
        #expect(try readerBackground(shot) == Self.highContrastLight)

        try sandbox.write(settings: "[appearance]\ntheme=Paper\n")
        let pinned = sandbox.root.appending(path: "pinned.png").path
        #expect(await sandbox.run(["--screenshot", pinned]).status == 0)
        #expect(try readerBackground(pinned) == Self.paperLight)
        _ = portal
    }

    /// Without a portal the window is light; that start-up does not wait out the settle
    /// timeout is `DesktopPreferenceSettleTests`.
    @Test func withoutAPortalLightIsUsed() async throws {
        let sandbox = try await LecternSandbox()
        let shot = sandbox.root.appending(path: "noportal.png").path
        let result = await sandbox.run(["--screenshot", shot])
        #expect(result.status == 0)
        #expect(try readerBackground(shot) == Self.paperLight)
    }
}
