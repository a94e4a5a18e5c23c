import Foundation

/// What a refresh brings that is news: unread articles stored after the watch began, in feeds
/// that notify and that had been fetched (or synced) before it. So a new feed's first articles,
/// an imported feed's, a new account's and articles already marked read are not announced.
public struct ArrivalWatch: Sendable {
    let after: Int64
    let feeds: Set<Int64>

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
    }

    /// The news since the watch began, newest first.
    public func arrivals(in store: LibraryStore) throws(StorageError) -> [ArticleRow] {
        try store.unreadArrivals(after: after, inFeeds: feeds)
    }
}
