import Foundation
import Library
import ScratchMount
import Testing
import TestSupport
import Theming

/// The real app in a hostile home: a damaged library file, read-only data and config
/// folders. Lectern must start, say what is wrong, and leave the user's files as they were.
@Suite("Hostile environment", .enabled(if: hasDisplay, "needs a display (run under scripts/headless.sh)"))
struct HostileEnvironmentTests {
    private static let samples = LecternSandbox.packageRoot.appending(path: "data/samples/samples.opml").path

    @Test func aDamagedLibraryIsReportedAndLeftAlone() async throws {
        let sandbox = try await LecternSandbox()
        try #require(await sandbox.run(["--batch", Self.samples, "--refresh"], environment: ["DISPLAY": nil]).status == 0)
        let library = sandbox.dataDirectory.appending(path: "library.sqlite")
        let whole = try Data(contentsOf: library)
        let cut = whole.prefix(whole.count / 2)
        try cut.write(to: library)

        let shot = sandbox.root.appending(path: "damaged.png").path
        let launch = await sandbox.run(["--screenshot", shot])
        #expect(launch.status == 0, "\(launch.stderr)")
        #expect(launch.stderr.contains("is damaged"), "\(launch.stderr)")
        #expect(PNGImage(path: shot) != nil, "no window was drawn")

        let batch = await sandbox.run(["--batch", "--refresh"], environment: ["DISPLAY": nil])
        #expect(batch.status == 1 && batch.stderr.contains("is damaged"), "\(batch.status) \(batch.stderr)")
        #expect(try Data(contentsOf: library) == cut, "the damaged library was changed")
    }

    @Test(.enabled(if: ScratchMount.available, "mounting read-only folders needs root"))
    func readOnlyFoldersStillGiveAWindowAndChangeNothing() async throws {
        let sandbox = try await LecternSandbox()
        var mounts = [try ScratchMount(kilobytes: 8_192, on: sandbox.dataDirectory),
                      try ScratchMount(kilobytes: 512, on: sandbox.configDirectory)]
        defer { mounts.removeAll() } // unmounted before the sandbox folder goes
        try #require(await sandbox.run(["--batch", Self.samples, "--refresh"], environment: ["DISPLAY": nil]).status == 0)
        try sandbox.write(settings: "[appearance]\ntheme=Forest\n")
        let library = sandbox.dataDirectory.appending(path: "library.sqlite")
        let stored = try Data(contentsOf: library)
        for mount in mounts { try mount.makeReadOnly() }

        let shot = sandbox.root.appending(path: "read-only.png").path
        let launch = await sandbox.run(["--theme", "Midnight", "--screenshot", shot])
        #expect(launch.status == 0, "\(launch.stderr)")
        #expect(PNGImage(path: shot) != nil, "no window was drawn")
        #expect(launch.stderr.contains("read-only"), "the library's folder was not named: \(launch.stderr)")
        #expect(launch.stderr.contains("could not save its settings"), "\(launch.stderr)")
        #expect(try String(contentsOf: sandbox.settingsFile, encoding: .utf8) == "[appearance]\ntheme=Forest\n")
        #expect(try Data(contentsOf: library) == stored)
    }

    /// The disk fills while the window is open: marking everything read cannot be stored.
    /// The window says so in its banner (drawn by the running instance: the pixels come from
    /// a forwarded screenshot, and the banner was not there before), the log names what
    /// failed and what to do, and nothing stored is lost.
    @Test(.enabled(if: ScratchMount.available, "filling a scratch disk needs root to mount it"))
    func aFullDiskUnderTheRunningWindowIsShownInTheBanner() async throws {
        let sandbox = try await LecternSandbox()
        let mount = try ScratchMount(kilobytes: 8_192, on: sandbox.dataDirectory)
        defer { withExtendedLifetime(mount) {} } // unmounted (its deinit) before the sandbox folder goes
        try #require(await sandbox.run(["--batch", Self.samples, "--refresh"], environment: ["DISPLAY": nil]).status == 0)
        let library = try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
        let unread = try library.unreadCounts().all
        try #require(unread > 0)

        let log = sandbox.root.appending(path: "lectern.log")
        let app = try sandbox.start(["--theme", "Paper", "--color-scheme", "light"], log: log)
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        let warning = try #require(ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)
            .theme(named: "Paper")).color(.stateWarning, for: .light).hex.lowercased()
        let before = sandbox.root.appending(path: "before.png").path
        try #require(await sandbox.run(["--screenshot", before]).status == 0)
        #expect(try #require(PNGImage(path: before)).count(of: warning) == 0, "a warning was showing before the disk filled")

        let filler = sandbox.dataDirectory.appending(path: "filler")
        try fill(filler)
        await sandbox.activate("mark-all-read")
        let failure = "Lectern could not mark the articles as read. The disk is full"
        #expect(await eventually(timeout: 10) { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains(failure) },
                "the log: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        let after = sandbox.root.appending(path: "after.png").path
        let shot = await sandbox.run(["--screenshot", after])
        #expect(shot.status == 0, "\(shot.stderr)")
        #expect(try #require(PNGImage(path: after)).count(of: warning) > 20, "no warning banner in the running window")

        try FileManager.default.removeItem(at: filler)
        #expect(try library.unreadCounts().all == unread, "a failed change must leave the library as it was")
    }

    /// Writes zeros to `file` until the disk refuses more.
    private func fill(_ file: URL) throws {
        try Data().write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let block = Data(count: 64 * 1024)
        while (try? handle.write(contentsOf: block)) != nil {}
        let small = Data(count: 512)
        while (try? handle.write(contentsOf: small)) != nil {}
    }
}
