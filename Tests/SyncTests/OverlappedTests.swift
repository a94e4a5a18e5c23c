import Foundation
import Synchronization
import Testing
@testable import Sync

/// Calls to a server overlapped (`overlapped`, `prefetched`, `CallInFlight`): the answers come in
/// order, the server has the next call while Lectern reads an answer, never more than two, and a
/// listing stops where it is told to or where an error comes, a one-page listing after one call.
@Suite struct OverlappedTests {
    /// A server taking `delay` for each call, recording which were asked and how many it had at once.
    private final class Server: Sendable {
        let delay: Duration
        private let state = Mutex((asked: [Int](), inFlight: 0, most: 0, cancelled: 0))

        init(delay: Duration = .milliseconds(20)) { self.delay = delay }

        func call(_ number: Int) async throws(SyncError) -> Int {
            state.withLock { $0.asked.append(number); $0.inFlight += 1; $0.most = max($0.most, $0.inFlight) }
            defer { state.withLock { $0.inFlight -= 1 } }
            do { try await Task.sleep(for: delay) } catch {
                state.withLock { $0.cancelled += 1 }
                throw .cancelled
            }
            return number
        }

        var asked: [Int] { state.withLock { $0.asked } }
        var most: Int { state.withLock { $0.most } }
        var cancelled: Int { state.withLock { $0.cancelled } }
    }

    @Test func aListingIsReadInOrderWithTheNextPageAlreadyAsked() async throws {
        let server = Server()
        var read: [Int] = []
        var waiting: [Int] = []
        try await prefetched({ page throws(SyncError) in try await server.call(page) }) { page throws(SyncError) in
            // While Lectern reads a page after the first, the server already has the next
            // (given half a second to be asked, on a busy machine).
            for _ in 0..<500 where page > 0 && !server.asked.contains(page + 1) { try? await Task.sleep(for: .milliseconds(1)) }
            waiting.append(server.asked.filter { $0 > page }.count)
            read.append(page)
            return page < 9   // page 9 is short: the last
        }
        #expect(read == Array(0...9))
        #expect(waiting.first == 0 && waiting.dropFirst().allSatisfy { $0 >= 1 }, "the next page asked while one is read: \(waiting)")
        #expect(server.most == 2, "two calls at the server at most, and at times")
        #expect(Set(server.asked) == Set(0...10), "one call past the end: \(server.asked.sorted())")
    }

    @Test func aListingOfOnePageCostsOneCall() async throws {
        let server = Server()
        var read: [Int] = []
        try await prefetched({ page throws(SyncError) in try await server.call(page) }) { page throws(SyncError) in
            read.append(page)
            return false   // short: the listing ends here
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(read == [0] && server.asked == [0], "no page asked past the end: \(server.asked)")
    }

    @Test func aFailureEndsTheListingAndIsThrown() async throws {
        let server = Server()
        var read: [Int] = []
        await #expect(throws: SyncError.self) {
            try await prefetched({ page throws(SyncError) in
                if page == 3 { throw .badResponse(server: "example.org", call: "getHeadlines", reason: "garbage") }
                return try await server.call(page)
            }) { page throws(SyncError) in
                read.append(page)
                return true
            }
        }
        #expect(read == [0, 1, 2])
    }

    @Test func countedCallsComeInOrderTwoAtATime() async throws {
        let server = Server()
        var read: [Int] = []
        try await overlapped(7) { number throws(SyncError) in try await server.call(number) } each: { read.append($0) }
        #expect(read == Array(0..<7))
        #expect(server.most == 2 && server.asked.count == 7)
    }

    @Test func aCallSentBesideAnotherIsAtTheServerWithItAndReadAfter() async throws {
        let server = Server(delay: .milliseconds(100))
        let beside = CallInFlight { () throws(SyncError) in try await server.call(1) }
        let first = try await server.call(0)
        let second = try await beside.answer()
        #expect(first == 0 && second == 1)
        #expect(server.most == 2, "the call beside was not at the server while the other was")
    }

    @Test func aCallDroppedUnreadIsCancelled() async throws {
        let server = Server(delay: .seconds(30))
        do {
            let beside = CallInFlight { () throws(SyncError) in try await server.call(1) }
            for _ in 0..<500 where server.asked.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
            _ = beside
        }
        for _ in 0..<2000 where server.cancelled == 0 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(server.asked == [1])
        #expect(server.cancelled == 1, "a call nobody will read went on")
    }
}
