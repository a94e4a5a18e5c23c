import Foundation
import Synchronization
import Testing
@testable import Library

@Suite struct RefreshProgressTests {
    @Test func progressCountsEveryFeed() async throws {
        let (store, folder) = try makeStore()
        _ = folder
        for number in 0..<12 { try store.addFeed(url: try server().url("/bench/\(number).xml").absoluteString) }
        let seen = Mutex<[RefreshProgress]>([])
        let summary = await FeedRefresher(store: store, policy: testPolicy).refresh { progress in
            seen.withLock { $0.append(progress) }
        }
        let reports = seen.withLock { $0 }
        #expect(reports.map(\.done) == Array(1...12))
        #expect(reports.allSatisfy { $0.total == 12 })
        #expect(summary.newArticles == 240 && !summary.cancelled && summary.failedFeedIDs.isEmpty)
        #expect(try store.count(.all) == 240)
    }

    @Test func cancellingStopsQuicklyAndKeepsWhatFinished() async throws {
        let (store, folder) = try makeStore()
        _ = folder
        try store.addFeed(url: try server().url("/feed.xml").absoluteString)
        for number in 0..<4 { try store.addFeed(url: try server().url("/slow.xml?\(number)").absoluteString) }
        var policy = testPolicy
        policy.requestTimeout = 30
        let refresher = FeedRefresher(store: store, policy: policy)
        let task = Task { await refresher.refresh() }
        // Wait (generously: the suite runs in parallel on two cores) for the fast feed.
        let deadline = Date().addingTimeInterval(90) // under `make check-sanitize` everything crawls
        while try store.count(.all) < 2, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try #require(try store.count(.all) == 2, "the fast feed was never stored")
        task.cancel()
        let summary = await task.value
        #expect(summary.cancelled)
        // Each slow feed answers after 3 s with two articles of its own: had the refresh
        // waited for them, they would be stored. They stop where they are instead.
        let slow = try store.feeds().filter { $0.url.contains("/slow.xml") }.map(\.id)
        #expect(slow.count == 4 && slow.allSatisfy { summary.outcomes[$0] == .cancelled || summary.outcomes[$0] == nil },
                "\(summary.outcomes)")
        #expect(try store.count(.all) == 2)
    }
}
