import CGtk4
import Foundation
import TestSupport
import Testing
@testable import GtkBridge

@Suite("Main-loop bridge")
struct MainLoopBridgeTests {
    /// The probe's report: GLib owning the main thread, as in Lectern.
    static let report: [String: String] = {
        guard let probe = BuildProducts.executable("bridge-probe") else { return [:] }
        let process = Process()
        process.executableURL = probe
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return [:] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var report: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { report[String(parts[0])] = String(parts[1]) }
        }
        return report
    }()

    @Test func mainActorTaskFromABackgroundThreadRunsInsideTheGLibLoop() {
        #expect(Self.report["task-ran"] == "true")
    }

    @Test func dispatchMainQueueWorkRunsInsideTheGLibLoop() {
        #expect(Self.report["dispatch-ran"] == "true")
    }

    @Test func anIdleLoopSleeps() throws {
        let wakeUps = try #require(Self.report["idle-wake-ups"].flatMap(Int.init))
        // Sleeping, the loop wakes once, for the timer; spinning, it wakes thousands of times.
        #expect(wakeUps <= 3, "the idle loop woke \(wakeUps) times before its one timer fired")
    }
}

@Suite("Main loop helpers", .serialized)
@MainActor
struct MainLoopTests {
    @Test func timeoutAndIdleCallbacksRunAndStop() {
        var ticks = 0
        MainLoop.timeout(milliseconds: 5) { ticks += 1; return ticks < 3 }
        var idled = false
        MainLoop.idleOnce { idled = true }
        let ran = MainLoop.iterate(until: { ticks == 3 && idled }, timeout: 5)
        #expect(ran)
        _ = MainLoop.iterate(until: { false }, timeout: 0.05)
        #expect(ticks == 3, "a callback returning false is not called again")
    }

    @Test func removedSourcesNeverRun() {
        var ran = false
        let source = MainLoop.timeout(milliseconds: 1) { ran = true; return false }
        source.remove()
        _ = MainLoop.iterate(until: { false }, timeout: 0.05)
        #expect(!ran)
        source.remove()   // removing twice is harmless
    }
}
