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
        let fast = try server().url("/feed.xml").absoluteString
        try store.addFeed(url: fast)
        for number in 0..<4 { try store.addFeed(url: try server().url("/stalled.xml?\(number)").absoluteString) }
        var policy = testPolicy
        policy.feeds.stallTimeout = 900
        let refresher = FeedRefresher(store: store, policy: policy)
        // Cancel when the fast feed is reported done: an event, not a deadline. With two cores
        // the suite's blocking tests can hold the task pool for a minute and more, so no
        // wall-clock wait is safe here; were the fast feed never reported, the stream ends
        // with the refresh and the expectation below fails.
        let (fastDone, signal) = AsyncStream<Void>.makeStream()
        let task = Task {
            let summary = await refresher.refresh { progress in
                if progress.feedURL == fast { signal.yield() }
            }
            signal.finish()
            return summary
        }
        for await _ in fastDone { break }
        #expect(try store.count(.all) == 2, "the fast feed is stored")
        task.cancel()
        let summary = await task.value
        #expect(summary.cancelled)
        // Each stalled feed answers only after ten minutes, with two articles of its own:
        // had the refresh waited for them, they would be stored. They stop where they are
        // instead, however loaded the machine.
        let slow = try store.feeds().filter { $0.url.contains("/stalled.xml") }.map(\.id)
        #expect(slow.count == 4 && slow.allSatisfy { summary.outcomes[$0] == .cancelled || summary.outcomes[$0] == nil },
                "\(summary.outcomes)")
        #expect(try store.count(.all) == 2)
    }
}
