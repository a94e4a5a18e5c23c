import Foundation
import ScratchMount
import Testing
import TestSupport

/// The real app in a hostile home: a damaged library file, read-only data and config
/// folders. Lectern must start, say what is wrong, and leave the user's files as they were.
@Suite("Hostile environment", .enabled(if: hasDisplay, "needs a display (run under scripts/headless.sh)"))
struct HostileEnvironmentTests {
    private static let samples = LecternSandbox.packageRoot.appending(path: "data/samples/samples.opml").path

    @Test func aDamagedLibraryIsReportedAndLeftAlone() throws {
        let sandbox = try LecternSandbox()
        try #require(sandbox.run(["--batch", Self.samples, "--refresh"], environment: ["DISPLAY": nil]).status == 0)
        let library = sandbox.dataDirectory.appending(path: "library.sqlite")
        let whole = try Data(contentsOf: library)
        let cut = whole.prefix(whole.count / 2)
        try cut.write(to: library)

        let shot = sandbox.root.appending(path: "damaged.png").path
        let launch = sandbox.run(["--screenshot", shot])
        #expect(launch.status == 0, "\(launch.stderr)")
        #expect(launch.stderr.contains("is damaged"), "\(launch.stderr)")
        #expect(PNGImage(path: shot) != nil, "no window was drawn")

        let batch = sandbox.run(["--batch", "--refresh"], environment: ["DISPLAY": nil])
        #expect(batch.status == 1 && batch.stderr.contains("is damaged"), "\(batch.status) \(batch.stderr)")
        #expect(try Data(contentsOf: library) == cut, "the damaged library was changed")
    }

    @Test(.enabled(if: ScratchMount.available, "mounting read-only folders needs root"))
    func readOnlyFoldersStillGiveAWindowAndChangeNothing() throws {
        let sandbox = try LecternSandbox()
        var mounts = [try ScratchMount(kilobytes: 8_192, on: sandbox.dataDirectory),
                      try ScratchMount(kilobytes: 512, on: sandbox.configDirectory)]
        defer { mounts.removeAll() } // unmounted before the sandbox folder goes
        try #require(sandbox.run(["--batch", Self.samples, "--refresh"], environment: ["DISPLAY": nil]).status == 0)
        try sandbox.write(settings: "[appearance]\ntheme=Forest\n")
        let library = sandbox.dataDirectory.appending(path: "library.sqlite")
        let stored = try Data(contentsOf: library)
        for mount in mounts { try mount.makeReadOnly() }

        let shot = sandbox.root.appending(path: "read-only.png").path
        let launch = sandbox.run(["--theme", "Midnight", "--screenshot", shot])
        #expect(launch.status == 0, "\(launch.stderr)")
        #expect(PNGImage(path: shot) != nil, "no window was drawn")
        #expect(launch.stderr.contains("read-only"), "the library's folder was not named: \(launch.stderr)")
        #expect(launch.stderr.contains("could not save its settings"), "\(launch.stderr)")
        #expect(try String(contentsOf: sandbox.settingsFile, encoding: .utf8) == "[appearance]\ntheme=Forest\n")
        #expect(try Data(contentsOf: library) == stored)
    }
}
