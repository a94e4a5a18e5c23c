import Foundation

/// What a refresh brings that is news: unread articles stored after the watch began, in feeds
/// that notify and that had been fetched (or synced) before it — or that a "notify always" rule
/// matches, in any feed. So a new feed's first articles, an imported feed's, a new account's and
/// articles already marked read (by a rule too) are not announced.
public struct ArrivalWatch: Sendable {
    /// The newest article when the watch began: later ones are new.
    public let after: Int64
    let feeds: Set<Int64>
    let notifyAlways: [RuleMatcher]

    /// Begins watching before a refresh; `notifyByDefault` is the app's switch, which a feed's
    /// own setting overrides.
    public init(store: LibraryStore, notifyByDefault: Bool) throws(StorageError) {
        after = try store.latestArticleID()
        let synced = Set(try store.accounts().filter { $0.lastSync != nil }.map(\.id))
        feeds = Set(try store.feeds().filter { feed in
            guard feed.notify ?? notifyByDefault, !feed.fetchState.gone else { return false }
            if let account = feed.accountID { return synced.contains(account) }
            return feed.fetchState.lastSuccess != nil
        }.map(\.id))
        notifyAlways = try store.rules().filter { $0.action == .notifyAlways }.compactMap { try? $0.matcher() }
    }

    /// The news since the watch began, newest first.
    public func arrivals(in store: LibraryStore) throws(StorageError) -> [ArticleRow] {
        var always: Set<Int64> = []
        for matcher in notifyAlways { always.formUnion(try store.articles(matching: matcher, after: after)) }
        return try store.unreadArrivals(after: after, inFeeds: feeds, orArticles: always)
    }
}
