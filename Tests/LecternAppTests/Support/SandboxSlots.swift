import Foundation
import Synchronization
import Testing

/// How many sandboxes — each a running Lectern, its bus, often a display and servers — are alive
/// at once. The tests wait without holding threads, so Swift Testing would start every app test
/// together: dozens of windows starting on two cores, and each test's "within 20 s" measured
/// against all the others. A sandbox takes a slot as it is made and gives it back when it goes
/// away; a test beyond the limit waits for one, asleep (a test with two sandboxes holds two).
/// Two a core (`LECTERN_TEST_SANDBOXES` overrides it).
final class SandboxSlots: Sendable {
    static let shared = SandboxSlots(count: ProcessInfo.processInfo.environment["LECTERN_TEST_SANDBOXES"].flatMap { Int($0) }
        ?? max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))

    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }
    private let state: Mutex<State>

    init(count: Int) { state = Mutex(State(free: max(1, count))) }

    /// Takes a slot, waiting (without a thread) for one to come free.
    func take() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.free > 0 else { state.waiting.append(continuation); return false }
                state.free -= 1
                return true
            }
            if now { continuation.resume() }
        }
    }

    /// Gives a slot back: to the longest waiting test, if any.
    func giveBack() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else { state.free += 1; return nil }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}

extension Trait where Self == TimeLimitTrait {
    /// The time limit of the long window tests, a guard against a hang only: Swift Testing counts
    /// it from the test's start, so it includes the wait for a sandbox slot behind the others,
    /// which can last nearly as long as the whole run (a test that ran 10 s alone was 285–337 s
    /// old when it ended in three full runs on this machine, and past 6 minutes in a fourth, 1.4
    /// times slower throughout). So it is as long as `make check` may take (about 20 minutes):
    /// a hung test is still named, inside make check's own 40-minute limit.
    static var hangGuard: Self { .timeLimit(.minutes(20)) }
}
