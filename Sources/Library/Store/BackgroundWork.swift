import Foundation
import Synchronization

/// Work the library does off its caller's thread, one run at a time: the search indexer and
/// the folding of the write-ahead log.
///
/// - `request` starts a run unless one is going; asked while a run goes, that run steps once
///   more after its last step, so what was written meanwhile is not left over.
/// - A run takes steps until one says nothing is left.
/// - `stop` lets the step under way finish, waits for it, and starts nothing ever after:
///   Lectern is quitting.
final class BackgroundWork: Sendable {
    private enum State { case idle, running, again, stopped }

    private let state = Mutex(State.idle)
    private let running = DispatchGroup()

    /// Starts a run of `step` (true: more is left) on a background queue, or asks the run
    /// under way to look again.
    func request(_ step: @escaping @Sendable () -> Bool) {
        let start = state.withLock { state in
            switch state {
            case .idle: state = .running; return true
            case .running: state = .again; return false
            case .again, .stopped: return false
            }
        }
        guard start else { return }
        running.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
            defer { running.leave() }
            while true {
                let more = step()
                let goOn = state.withLock { state in
                    switch state {
                    case .stopped: return false
                    case .again: state = .running; return true
                    case .running where more: return true
                    case .running, .idle: state = .idle; return false
                    }
                }
                if !goOn { return }
            }
        }
    }

    /// Stops for good after the step under way, and waits for it.
    func stop() {
        state.withLock { $0 = .stopped }
        running.wait()
    }
}
