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

MainActor.assumeIsolated {
    MainLoopBridge.install()

    let task = Flag()
    Thread.detachNewThread { Task { @MainActor in task.value = true } }
    print("task-ran=\(MainLoop.iterate(until: { task.value }, timeout: 5))")

    let dispatched = Flag()
    DispatchQueue.global().async { DispatchQueue.main.async { dispatched.value = true } }
    print("dispatch-ran=\(MainLoop.iterate(until: { dispatched.value }, timeout: 5))")

    // Idle until a one-second timer fires, with the bridge installed (after it has fired at
    // least once), counting how often the loop wakes: a bridge that leaves its eventfd
    // readable wakes it endlessly; an idle loop sleeps until the timer.
    var finished = false
    var wakeUps = 0
    MainLoop.timeout(milliseconds: 1000) { finished = true; return false }
    while !finished {
        g_main_context_iteration(nil, 1)
        wakeUps += 1
    }
    print("idle-wake-ups=\(wakeUps)")
}
