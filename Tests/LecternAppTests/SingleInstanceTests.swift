import Foundation
import Glibc
import Testing
import TestSupport

@Suite("A second launch", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct SingleInstanceTests {
    @Test func isForwardedToTheRunningInstance() async throws {
        let sandbox = try await LecternSandbox()
        let first = try sandbox.start([])
        defer { first.stop() }
        try #require(await sandbox.lecternIsRunning(),
                     "the first instance never registered dev.lectern.Lectern")

        let shot = sandbox.root.appending(path: "forwarded.png").path
        let second = await sandbox.run(["--screenshot", shot], timeout: 30)

        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.answered(by: first), "the answer comes from the first instance: \(second.stdout)")
        #expect(PNGImage(path: shot) != nil, "the first instance rendered its window")
        #expect(first.isRunning, "a forwarded screenshot leaves the running instance open")
    }

    /// An idle window sleeps: looked at twenty times, the process is asleep (not running or
    /// waiting to run, as a spinning main loop would be) nearly every time.
    @Test func anIdleRunningInstanceSleeps() async throws {
        let sandbox = try await LecternSandbox()
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        #expect(await sandbox.run(["--screenshot", sandbox.root.appending(path: "drawn.png").path]).answered(by: app),
                "the window has drawn its first frames")
        var running = 0
        for _ in 0..<20 {
            if try state(of: app.processIdentifier) == "R" { running += 1 }
            await pause(seconds: 0.05)
        }
        #expect(running <= 4, "an idle Lectern was running in \(running) of 20 looks")
    }

    /// The scheduler state of a process's main thread (`R` running, `S` sleeping…), from /proc/PID/stat.
    private func state(of pid: Int32) throws -> Character {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The field after the ")" that ends the command name.
        let rest = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].drop { $0 == " " }
        return try #require(rest.first)
    }
}
