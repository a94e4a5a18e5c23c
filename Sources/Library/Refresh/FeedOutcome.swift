import Foundation

/// What refreshing one feed did.
public enum FeedOutcome: Sendable, Equatable {
    /// New or changed articles were stored.
    case updated(IngestResult)
    /// 304 Not Modified (or the same body): nothing new.
    case notModified
    /// Not fetched: backing off or asked to wait (Retry-After) until then.
    case deferred(until: Date)
    /// 410 Gone (now or earlier): the feed is no longer fetched.
    case gone
    /// The fetch failed; the message is in plain words (also stored on the feed).
    case failed(String)
    /// No connection could be made to the feed's server. Stored on the feed as a failure only
    /// when other servers answered in the same refresh: when none did, the computer is offline.
    case unreachable(String)
    /// The refresh was cancelled before this feed finished.
    case cancelled

    var isUnreachable: Bool {
        if case .unreachable = self { true } else { false }
    }

    /// True for outcomes that count as a failure in a summary.
    public var isFailure: Bool {
        switch self {
        case .failed, .gone, .unreachable: return true
        default: return false
        }
    }
}

/// Progress of a running refresh, reported after each feed.
public struct RefreshProgress: Sendable, Equatable {
    public var done: Int
    public var total: Int
    public var feedID: Int64
    public var feedURL: String
    public var outcome: FeedOutcome
}

/// The result of a whole refresh.
public struct RefreshSummary: Sendable, Equatable {
    /// Per feed id, what happened (feeds not reached because of cancellation are absent).
    public var outcomes: [Int64: FeedOutcome] = [:]
    /// True when the refresh was cancelled before every feed finished.
    public var cancelled = false
    /// True when no server could be reached at all (offline): no feed was marked as failing.
    public var offline = false

    public var failedFeedIDs: [Int64] { outcomes.filter { $0.value.isFailure }.map(\.key).sorted() }
    public var newArticles: Int {
        outcomes.values.reduce(0) { total, outcome in
            if case .updated(let result) = outcome { return total + result.added }
            return total
        }
    }
}
