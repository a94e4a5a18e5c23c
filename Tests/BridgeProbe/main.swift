// bridge-probe: runs GtkBridge's main-loop bridge the way Lectern does — GLib iterating
// on the main thread from synchronous top-level code — and reports what it saw as
// `key=value` lines. GtkBridgeTests launch it: inside a test, the main actor is busy
// running the test itself, so the bridge cannot be observed in-process.
import CGtk4
import Dispatch
import Foundation
import Glibc
import GtkBridge

final class Flag: @unchecked Sendable { var value = false }

func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
}

MainActor.assumeIsolated {
    MainLoopBridge.install()

    let task = Flag()
    Thread.detachNewThread { Task { @MainActor in task.value = true } }
    print("task-ran=\(MainLoop.iterate(until: { task.value }, timeout: 5))")

    let dispatched = Flag()
    DispatchQueue.global().async { DispatchQueue.main.async { dispatched.value = true } }
    print("dispatch-ran=\(MainLoop.iterate(until: { dispatched.value }, timeout: 5))")

    // Idle for one second with the bridge installed (after it has fired at least once).
    let before = threadCPUSeconds()
    var finished = false
    MainLoop.timeout(milliseconds: 1000) { finished = true; return false }
    _ = MainLoop.iterate(until: { finished }, timeout: 5)
    print("idle-cpu-seconds=\(threadCPUSeconds() - before)")
}
