/// Makes `count` calls, `call(0)` alone and then up to `width` at a time, and hands the answers
/// to `each` in order. With a second call waiting at the server, the server starts on it while
/// the answer before travels and is read: no idle gap between calls. The first goes alone so
/// that what it sets up (a write token, a session) is there for the others. Each answer's place
/// is taken by the next call before `each` reads it. A failure, or the sync's cancellation,
/// cancels the calls still in flight.
func overlapped<Answer: Sendable>(_ count: Int, width: Int = 2, _ call: @escaping @Sendable (Int) async throws(SyncError) -> Answer,
                                  each: (Answer) async throws(SyncError) -> Void) async throws(SyncError) {
    var flying: [Task<Answer, any Error>] = []
    defer { flying.forEach { $0.cancel() } }
    var next = 0
    func fill(_ limit: Int) {
        while next < count, flying.count < limit {
            let number = next
            flying.append(Task { () async throws -> Answer in try await call(number) })
            next += 1
        }
    }
    fill(1)
    for _ in 0..<count {
        let answer = try await value(of: flying.removeFirst())
        fill(width)
        try await each(answer)
    }
}

/// Reads a listing of unknown length page by page, the same way: `call(n)` asks for page `n`
/// (from 0), `each` takes the answers in order and says whether to go on. The first call goes
/// alone, and so a listing of one page (a later sync's, usually) costs one call; once there is
/// more, `width` calls are in flight while Lectern reads the answer before. Told to stop, the
/// calls in flight are cancelled: a longer listing costs up to `width - 1` calls past its end
/// (an empty page, answered quickly) or past where `each` stopped.
func prefetched<Answer: Sendable>(width: Int = 2, _ call: @escaping @Sendable (Int) async throws(SyncError) -> Answer,
                                  each: (Answer) async throws(SyncError) -> Bool) async throws(SyncError) {
    var flying: [Task<Answer, any Error>] = []
    defer { flying.forEach { $0.cancel() } }
    var answer = try await call(0)
    var next = 1
    while try await each(answer) {
        while flying.count < width {
            let page = next
            flying.append(Task { () async throws -> Answer in try await call(page) })
            next += 1
        }
        answer = try await value(of: flying.removeFirst())
    }
}

/// A call sent now, to be read later (`answer()`), while the sync makes another: two calls at a
/// time, as a server behind php-fpm or Apache answers them side by side. Dropped unread, the
/// call is cancelled.
final class CallInFlight<Answer: Sendable>: Sendable {
    private let call: Task<Answer, any Error>

    init(_ call: @escaping @Sendable () async throws(SyncError) -> Answer) {
        self.call = Task { () async throws -> Answer in try await call() }
    }

    deinit { call.cancel() }

    func answer() async throws(SyncError) -> Answer { try await value(of: call) }
}

/// The answer of a call in flight; the sync's cancellation cancels it.
private func value<Answer>(of call: Task<Answer, any Error>) async throws(SyncError) -> Answer {
    do {
        return try await withTaskCancellationHandler { try await call.value } onCancel: { call.cancel() }
    } catch let error as SyncError {
        throw error
    } catch {
        throw .cancelled
    }
}
