import Foundation
import Localization

/// Articles that arrived during a refresh (for the notification about them), and each feed's
/// notification setting.
extension LibraryStore {
    /// The newest article's id; articles stored later have larger ids.
    public func latestArticleID() throws(StorageError) -> Int64 {
        try read { database throws(StorageError) in try database.scalar("SELECT coalesce(max(id), 0) FROM articles") }
    }

    /// Unread articles stored after `articleID` in `feeds` (or among `articles`, whatever their
    /// feed), newest first, at most `limit`.
    public func unreadArrivals(after articleID: Int64, inFeeds feeds: Set<Int64>, orArticles articles: Set<Int64> = [],
                               limit: Int = 500) throws(StorageError) -> [ArticleRow] {
        guard !feeds.isEmpty || !articles.isEmpty else { return [] }
        return try read { database throws(StorageError) in
            try database.query("""
                SELECT \(Self.rowColumns)
                FROM articles a CROSS JOIN feeds f ON f.id = a.feed_id
                WHERE a.id > ? AND a.read = 0
                    AND (a.feed_id IN (SELECT value FROM json_each(?)) OR a.id IN (SELECT value FROM json_each(?)))
                ORDER BY a.id DESC LIMIT ?
                """, [.integer(articleID), SQLValue.jsonArray(feeds.sorted()), SQLValue.jsonArray(articles.sorted()),
                      .integer(Int64(limit))], Self.row(from:))
        }
    }

    /// Sets whether the feed's new articles are announced: nil follows the app's switch.
    public func setNotify(_ notify: Bool?, feedID: Int64) throws(StorageError) {
        let changed = try write { database throws(StorageError) in
            try database.run("UPDATE feeds SET notify = ? WHERE id = ?", [notify.map { .integer($0 ? 1 : 0) } ?? .null, .integer(feedID)])
        }
        // Translators: what is missing, in “{thing} is no longer in the library”.
        if changed == 0 { throw .notFound(what: tr("The feed")) }
    }
}
