import Foundation

/// Refreshes feeds over HTTP into a `LibraryStore`: about six at once, at most two
/// per host, each result written in its own transaction. Cancel the calling Task
/// to stop; feeds already finished stay stored.
public final class FeedRefresher: Sendable {
    private let store: LibraryStore
    private let fetcher: HTTPFetcher

    public init(store: LibraryStore, policy: RefreshPolicy) {
        self.store = store
        self.fetcher = HTTPFetcher(policy: policy)
    }

    /// Refreshes `feeds` (every local feed when nil). Feeds that are gone are skipped;
    /// feeds backing off are skipped unless `force`. `progress` is called after each
    /// feed, from a background task (hop to the main thread yourself).
    @discardableResult
    public func refresh(feeds: [Feed]? = nil, force: Bool = false,
                        progress: (@Sendable (RefreshProgress) -> Void)? = nil) async -> RefreshSummary {
        let list: [Feed]
        do {
            // An account's feeds are fetched by its server and come in by sync.
            list = try (feeds ?? store.feeds()).filter { $0.accountID == nil }
        } catch {
            return RefreshSummary()
        }
        var summary = RefreshSummary()
        let policy = fetcher.policy
        await withTaskGroup(of: (Feed, FeedOutcome).self) { group in
            var pending = list[...]
            var waiting: [Feed] = []
            var active = 0
            var perHost: [String: Int] = [:]
            var done = 0
            while true {
                // Start what the limits allow, keeping feeds of busy hosts for later.
                while active < policy.maxConcurrent, !Task.isCancelled {
                    let index = waiting.firstIndex { perHost[Self.host($0), default: 0] < policy.maxPerHost }
                    let next: Feed
                    if let index {
                        next = waiting.remove(at: index)
                    } else if let feed = pending.popFirst() {
                        if perHost[Self.host(feed), default: 0] >= policy.maxPerHost { waiting.append(feed); continue }
                        next = feed
                    } else {
                        break
                    }
                    perHost[Self.host(next), default: 0] += 1
                    active += 1
                    let job = FeedFetchJob(feed: next, store: store, fetcher: fetcher)
                    group.addTask { (next, await job.run(force: force)) }
                }
                guard let (feed, outcome) = await group.next() else { break }
                active -= 1
                perHost[Self.host(feed), default: 1] -= 1
                done += 1
                summary.outcomes[feed.id] = outcome
                progress?(RefreshProgress(done: done, total: list.count, feedID: feed.id, feedURL: feed.url, outcome: outcome))
            }
        }
        summary.cancelled = Task.isCancelled || summary.outcomes.values.contains(.cancelled) || summary.outcomes.count < list.count
        recordUnreachable(in: &summary, feeds: list)
        return summary
    }

    /// Feeds whose server could not be reached fail like any other when some server answered;
    /// when none did, the computer is offline and no feed is marked or backed off for it.
    private func recordUnreachable(in summary: inout RefreshSummary, feeds: [Feed]) {
        guard summary.outcomes.values.contains(where: \.isUnreachable) else { return }
        let answered = summary.outcomes.values.contains { outcome in
            switch outcome {
            case .updated, .notModified, .failed, .gone: true
            case .deferred, .cancelled, .unreachable: false
            }
        }
        guard answered else {
            summary.offline = true
            return
        }
        let now = Date()
        for feed in feeds {
            guard case .unreachable(let message)? = summary.outcomes[feed.id] else { continue }
            summary.outcomes[feed.id] = FeedFetchJob(feed: feed, store: store, fetcher: fetcher).fail(status: nil, message: message, now: now)
        }
    }

    private static func host(_ feed: Feed) -> String {
        URL(string: feed.url)?.host?.lowercased() ?? feed.url
    }
}
