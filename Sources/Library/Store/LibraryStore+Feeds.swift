import Foundation
import Localization

/// Feeds: subscribe, list, move, rename, delete.
extension LibraryStore {
    /// The columns `feed(from:)` reads, in order; a query may select more after them
    /// (from `feedColumnCount` on).
    static let feedColumns = """
        id, url, title, site_url, icon_url, folder_id, added_at, etag, last_modified, last_attempt,
        last_success, http_status, last_error, not_modified_count, failure_count, next_attempt, gone, always_full_article,
        account_id, notify, refresh_minutes, open_in_browser, language, load_images, download_episodes
        """

    static let feedColumnCount: Int32 = 25

    static func feed(from row: SQLiteStatement) -> Feed {
        let state = FetchState(
            etag: row.text(7), lastModified: row.text(8), lastAttempt: row.date(9), lastSuccess: row.date(10),
            httpStatus: row.optionalInt64(11).map { Int($0) }, lastError: row.text(12),
            notModifiedCount: row.int(13), failureCount: row.int(14), nextAttempt: row.date(15), gone: row.bool(16))
        return Feed(id: row.int64(0), url: row.text(1) ?? "", title: row.text(2), siteURL: row.text(3),
                    iconURL: row.text(4), folderID: row.optionalInt64(5),
                    addedAt: row.date(6) ?? Date(timeIntervalSince1970: 0), fetchState: state,
                    alwaysFullArticle: row.bool(17), accountID: row.optionalInt64(18),
                    notify: row.optionalInt64(19).map { $0 != 0 }, refreshMinutes: row.optionalInt64(20).map { Int($0) },
                    opensInBrowser: row.bool(21), language: row.text(22), loadsImages: row.optionalInt64(23).map { $0 != 0 },
                    downloadsEpisodes: row.bool(24))
    }

    /// Every feed, the local library's and the accounts', by title.
    public func feeds() throws(StorageError) -> [Feed] {
        try read { database throws(StorageError) in
            try database.query("SELECT \(Self.feedColumns) FROM feeds ORDER BY coalesce(title, url) COLLATE NOCASE",
                               [], Self.feed(from:))
        }
    }

    /// One feed by id; nil when it does not exist.
    public func feed(id: Int64) throws(StorageError) -> Feed? {
        try read { database throws(StorageError) in
            try database.first("SELECT \(Self.feedColumns) FROM feeds WHERE id = ?", [.integer(id)], Self.feed(from:))
        }
    }

    /// The local feed stored under exactly this URL; nil when there is none.
    public func feed(url: String) throws(StorageError) -> Feed? {
        try read { database throws(StorageError) in
            try database.first("SELECT \(Self.feedColumns) FROM feeds WHERE url = ? AND account_id IS NULL", [.text(url)], Self.feed(from:))
        }
    }

    /// Adds a feed (no fetching: see `Subscriber`). Throws `.duplicateFeed` when the
    /// URL is already subscribed.
    @discardableResult
    public func addFeed(url: String, title: String? = nil, siteURL: String? = nil,
                        folderID: Int64? = nil) throws(StorageError) -> Feed {
        let id = try write { database throws(StorageError) in
            try Self.insertFeed(url: url, title: title, siteURL: siteURL, folderID: folderID, in: database)
        }
        guard let id else { throw .duplicateFeed(url: url) }
        // Translators: what is missing, in “{thing} is no longer in the library”.
        guard let feed = try feed(id: id) else { throw .notFound(what: tr("The new feed {url}", ["url": url])) }
        return feed
    }

    /// Inserts a feed row; nil when the URL already exists.
    static func insertFeed(url: String, title: String?, siteURL: String?, folderID: Int64?,
                           in database: SQLiteDatabase) throws(StorageError) -> Int64? {
        let changed = try database.run(
            "INSERT OR IGNORE INTO feeds (url, title, site_url, folder_id, added_at) VALUES (?, ?, ?, ?, ?)",
            [.text(url), SQLValue(title), SQLValue(siteURL), SQLValue(folderID), SQLValue(Date())])
        return changed == 0 ? nil : database.lastInsertRowID
    }

    /// Moves a feed into a folder, or out of any folder with nil. An account's feed moves only
    /// among its account's folders, and the move is queued for its server.
    public func moveFeed(_ id: Int64, toFolder folderID: Int64?) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in
            let remote = try Self.remoteFeed(id, in: database)
            var folderTitle: String?
            if let folderID {
                guard let folder = try database.first("SELECT title, account_id FROM folders WHERE id = ?", [.integer(folderID)],
                                                      { ($0.text(0) ?? "", $0.optionalInt64(1)) }) else { throw .notFound(what: tr("The folder")) }
                guard folder.1 == remote?.accountID else { throw .invalidValue(tr("a feed moves only among the folders of its own library")) }
                folderTitle = folder.0
            }
            try database.run("UPDATE feeds SET folder_id = ? WHERE id = ?", [SQLValue(folderID), .integer(id)])
            if let remote {
                try Self.queue(.move, target: remote.remoteID, value: folderTitle, accountID: remote.accountID, in: database)
            }
        }
    }

    /// Gives a feed a title of the user's choosing (queued for its server when it is an account's).
    public func renameFeed(_ id: Int64, to title: String) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in
            let remote = try Self.remoteFeed(id, in: database)
            try database.run("UPDATE feeds SET title = ? WHERE id = ?", [.text(title), .integer(id)])
            if let remote { try Self.queue(.rename, target: remote.remoteID, value: title, accountID: remote.accountID, in: database) }
        }
    }

    /// Unsubscribes: the feed, its articles, their search entries and tombstones go. An
    /// account's feed is unsubscribed on its server at the next sync.
    public func deleteFeed(_ id: Int64) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in
            let remote = try Self.remoteFeed(id, in: database)
            try Self.deleteFeedRows(id, in: database)
            if let remote { try Self.queue(.unsubscribe, target: remote.remoteID, value: nil, accountID: remote.accountID, in: database) }
        }
    }

    /// Deletes feed `id` with its articles' search entries (the rest goes by cascade).
    static func deleteFeedRows(_ id: Int64, in database: SQLiteDatabase) throws(StorageError) {
        try database.run("DELETE FROM article_search WHERE rowid IN (SELECT id FROM articles WHERE feed_id = ?)", [.integer(id)])
        try database.run("DELETE FROM feeds WHERE id = ?", [.integer(id)])
    }

    /// The account and server id of feed `id`; nil for a local feed. Throws when there is no such feed.
    public func remoteFeed(id: Int64) throws(StorageError) -> (accountID: Int64, remoteID: String)? {
        try read { database throws(StorageError) in try Self.remoteFeed(id, in: database) }
    }

    private static func remoteFeed(_ id: Int64, in database: SQLiteDatabase) throws(StorageError) -> (accountID: Int64, remoteID: String)? {
        guard let row = try database.first("SELECT account_id, remote_id FROM feeds WHERE id = ?", [.integer(id)],
                                           { ($0.optionalInt64(0), $0.text(1)) }) else { throw .notFound(what: tr("The feed")) }
        guard let accountID = row.0, let remoteID = row.1 else { return nil }
        return (accountID, remoteID)
    }
}
