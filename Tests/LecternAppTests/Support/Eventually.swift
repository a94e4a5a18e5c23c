import Foundation

/// Waits until `condition` holds, checking every 50 ms, without holding a thread: the tests'
/// long waits must not starve the concurrency runtime's few threads (two on a two-core machine),
/// or the library's own async work in other tests stalls behind them. The condition is checked
/// once more after the timeout, so a late wake-up never fails a condition that holds.
func eventually(timeout: TimeInterval, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if condition() { return true }
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(50))
    }
}

/// A pause that does not hold a thread.
func pause(seconds: Double) async {
    try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
}
