import Foundation
import Glibc
import Testing
import TestSupport

@Suite("A second launch", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct SingleInstanceTests {
    @Test func isForwardedToTheRunningInstance() throws {
        let sandbox = try LecternSandbox()
        let first = try sandbox.start([])
        defer { first.stop() }
        try #require(waitUntil(timeout: 20) { sandbox.bus.hasOwner("dev.lectern.Lectern") },
                     "the first instance never registered dev.lectern.Lectern")

        let shot = sandbox.root.appending(path: "forwarded.png").path
        let second = sandbox.run(["--screenshot", shot], timeout: 30)

        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("Saved"), "the answer comes from the first instance")
        #expect(PNGImage(path: shot) != nil, "the first instance rendered its window")
        #expect(first.isRunning, "a forwarded screenshot leaves the running instance open")
    }

    @Test func idleRunningInstanceUsesAlmostNoCPU() throws {
        let sandbox = try LecternSandbox()
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(waitUntil(timeout: 20) { sandbox.bus.hasOwner("dev.lectern.Lectern") })
        usleep(500_000)   // let the first frames settle
        let before = try cpuSeconds(of: app.processIdentifier)
        usleep(1_500_000)
        let used = try cpuSeconds(of: app.processIdentifier) - before
        #expect(used < 0.2, "an idle Lectern used \(used) s of CPU in 1.5 s")
    }

    /// User + system CPU time of a process, from /proc/PID/stat.
    private func cpuSeconds(of pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the ")" that ends the command name; utime and stime are 14 and 15.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (Double(fields[11]) ?? 0) / ticks + (Double(fields[12]) ?? 0) / ticks
    }
}
