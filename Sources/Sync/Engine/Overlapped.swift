/// Makes `count` calls, `call(0)` alone and then up to `width` at a time, and hands the answers
/// to `each` in order. With a second call waiting at the server, the server starts on it while
/// the answer before travels and is read: no idle gap between calls. The first goes alone so
/// that what it sets up (a write token, a session) is there for the others. A failure, or the
/// sync's cancellation, cancels the calls still in flight.
func overlapped<Answer: Sendable>(_ count: Int, width: Int = 2, _ call: @escaping @Sendable (Int) async throws(SyncError) -> Answer,
                                  each: (Answer) async throws(SyncError) -> Void) async throws(SyncError) {
    var flying: [Task<Answer, any Error>] = []
    defer { flying.forEach { $0.cancel() } }
    var next = 0
    for index in 0..<count {
        while next < count, flying.count < (index == 0 ? 1 : width) {
            let number = next
            flying.append(Task { () async throws -> Answer in try await call(number) })
            next += 1
        }
        let answer = flying.removeFirst()
        do {
            try await each(try await withTaskCancellationHandler { try await answer.value } onCancel: { answer.cancel() })
        } catch let error as SyncError {
            throw error
        } catch {
            throw .cancelled
        }
    }
}
