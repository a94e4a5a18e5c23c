import Foundation
import Glibc
import Testing
@testable import Library

/// A refresh that reaches no server at all is the computer being offline: no feed is marked as
/// failing or backed off for it. A server down among others that answer is that feed's failure.
@Suite struct OfflineRefreshTests {
    /// A loopback port where nothing listens: taken from the kernel and held, bound but never
    /// listening, so a connection is refused and no server of a test running beside this one can
    /// be given the port meanwhile (a port let go was, once: its feed answered 401).
    private final class DeadPort {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        private(set) var port: UInt16 = 0

        init() throws {
            var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0,
                                      sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            try withUnsafeMutablePointer(to: &address) { pointer in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                    try #require(bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0)
                }
            }
            port = UInt16(bigEndian: address.sin_port)
        }

        func address(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

        deinit { close(socket) }
    }

    @Test func noServerReachableMarksNoFeedAndSaysSoOnce() async throws {
        let (store, folder) = try makeStore()
        _ = folder
        let ports = try (0..<3).map { _ in try DeadPort() }
        defer { withExtendedLifetime(ports) {} }   // held until the test ends
        let feeds = try ports.enumerated().map { try store.addFeed(url: $1.address("/feed\($0).xml")) }
        let summary = await FeedRefresher(store: store, policy: testPolicy).refresh()
        #expect(summary.offline)
        #expect(summary.outcomes.values.allSatisfy { if case .unreachable = $0 { true } else { false } })
        for feed in feeds {
            let state = try #require(try store.feed(id: feed.id)).fetchState
            #expect(state.lastError == nil && state.failureCount == 0 && state.nextAttempt == nil,
                    "an offline refresh marked \(feed.url) as failing: \(state)")
        }
        // The service says it in one message, not one per feed.
        let service = LibraryService(store: store, appVersion: "test")
        let report = await service.perform(LibraryRequest(refresh: true)) { _ in }
        #expect(report.failures == [LibraryService.offlineMessage])
    }

    @Test func aServerDownWhileOthersAnswerIsThatFeedsFailure() async throws {
        let (store, folder, good) = try storeWithFeed("/feed.xml")
        _ = folder
        let port = try DeadPort()
        defer { withExtendedLifetime(port) {} }
        let down = try store.addFeed(url: port.address("/feed.xml"))
        let summary = await FeedRefresher(store: store, policy: testPolicy).refresh()
        #expect(!summary.offline)
        guard case .updated? = summary.outcomes[good.id] else {
            Issue.record("the reachable feed was not refreshed: \(String(describing: summary.outcomes[good.id]))")
            return
        }
        let state = try #require(try store.feed(id: down.id)).fetchState
        #expect(state.failureCount == 1 && state.nextAttempt != nil)
        #expect(state.lastError?.contains("Could not reach the server") == true, "\(state.lastError ?? "no error")")
    }
}
