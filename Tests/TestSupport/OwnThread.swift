import Foundation

/// Runs blocking work — waiting for a child process, reading a child's first line — on a thread
/// of its own while the calling task is suspended. The concurrency runtime has as many threads as
/// the machine has cores (two here), and Swift Testing runs every test on them: a test that
/// blocked one of them would stall the async work of every other test beside it.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// The same for work that cannot fail.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// Waits until `condition` holds, checking every 50 ms, without holding a thread; the condition
/// is checked once more after the timeout, so a late wake-up never fails a condition that holds.
public func eventually(timeout: TimeInterval, _ condition: () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if await condition() { return true }
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(50))
    }
}

/// `eventually` for a thread of one's own (inside `onOwnThread`): for steps that must follow one
/// another within a time the app sets, where a wait for the runtime between them could outlast it.
public func eventuallyBlocking(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if condition() { return true }
        if Date() > deadline { return false }
        usleep(50_000)
    }
}

/// A pause that does not hold a thread.
public func pause(seconds: Double) async {
    try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
}
