import ArticleModel
import FeedParsing
import Foundation

/// What a sync brings from an account's server: its subscriptions and folders, its articles,
/// and their read and starred state. A local change still queued for the server wins over
/// the server's state for that article and field; the server wins everywhere else.
extension LibraryStore {
    /// What changed in an account's subscriptions.
    static func isWebAddress(_ address: String) -> Bool {
        guard let scheme = URL(string: address)?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    public struct SubscriptionSync: Sendable, Equatable {
        public var added = 0
        public var removed = 0
        public var updated = 0
    }

    /// Makes the account's feeds and folders those of `feeds` (and of `folders`, which may name
    /// empty ones): new ones are added, changed ones updated (address, title, folder), and those
    /// the server no longer lists are removed with their articles. One transaction.
    @discardableResult
    public func applySubscriptions(_ feeds: [RemoteFeed], folders: [RemoteFolder] = [], accountID: Int64,
                                   now: Date = Date()) throws(StorageError) -> SubscriptionSync {
        try storageTransaction { database throws(StorageError) in
            var result = SubscriptionSync()
            var folderIDs: [String: Int64] = [:]
            for folder in folders + feeds.compactMap(\.folder) where folderIDs[folder.title.lowercased()] == nil {
                folderIDs[folder.title.lowercased()] = try Self.accountFolder(folder, accountID: accountID, in: database)
            }
            var kept = Set<Int64>()
            // A server names web feeds; anything else (a `file:` address) is not taken from it.
            for feed in feeds where Self.isWebAddress(feed.url) {
                let folderID = feed.folder.flatMap { folderIDs[$0.title.lowercased()] }
                let values: [SQLValue] = [.text(feed.url), SQLValue(feed.title), SQLValue(feed.siteURL), SQLValue(folderID),
                                          SQLValue(feed.iconURL)]
                if let id = try database.first("SELECT id FROM feeds WHERE account_id = ? AND remote_id = ?",
                                               [.integer(accountID), .text(feed.remoteID)], { $0.int64(0) }) {
                    kept.insert(id)
                    result.updated += try database.run("""
                        UPDATE feeds SET url = ?1, title = ?2, site_url = ?3, folder_id = ?4, icon_url = ?5 WHERE id = ?6
                            AND (url IS NOT ?1 OR title IS NOT ?2 OR site_url IS NOT ?3 OR folder_id IS NOT ?4 OR icon_url IS NOT ?5)
                        """, values + [.integer(id)])
                } else {
                    try database.run("""
                        INSERT INTO feeds (url, title, site_url, folder_id, icon_url, added_at, account_id, remote_id)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """, values + [SQLValue(now), .integer(accountID), .text(feed.remoteID)])
                    kept.insert(database.lastInsertRowID)
                    result.added += 1
                }
            }
            let gone = try database.query("SELECT id FROM feeds WHERE account_id = ?", [.integer(accountID)]) { $0.int64(0) }
                .filter { !kept.contains($0) }
            for id in gone { try Self.deleteFeedRows(id, in: database) }
            result.removed = gone.count
            try database.run("""
                DELETE FROM folders WHERE account_id = ? AND id NOT IN (SELECT value FROM json_each(?))
                    AND id NOT IN (SELECT folder_id FROM feeds WHERE folder_id IS NOT NULL)
                """, [.integer(accountID), .jsonArray(folderIDs.values)])
            return result
        }
    }

    /// The id of the account's folder with this title, made (or given the server's id) as needed.
    private static func accountFolder(_ folder: RemoteFolder, accountID: Int64, in database: SQLiteDatabase) throws(StorageError) -> Int64 {
        if let id = try database.first("SELECT id FROM folders WHERE account_id = ? AND title = ?",
                                       [.integer(accountID), .text(folder.title)], { $0.int64(0) }) {
            try database.run("UPDATE folders SET remote_id = ? WHERE id = ? AND remote_id IS NOT ?",
                             [.text(folder.remoteID), .integer(id), .text(folder.remoteID)])
            return id
        }
        let position = try database.scalar("SELECT coalesce(max(position), 0) + 1 FROM folders WHERE account_id = ?",
                                           [.integer(accountID)])
        try database.run("INSERT INTO folders (title, position, account_id, remote_id) VALUES (?, ?, ?, ?)",
                         [.text(folder.title), .integer(position), .integer(accountID), .text(folder.remoteID)])
        return database.lastInsertRowID
    }

    /// The account's feeds by their server id.
    public func accountFeeds(_ accountID: Int64) throws(StorageError) -> [String: Feed] {
        let pairs = try read { database throws(StorageError) in
            try database.query("SELECT \(Self.feedColumns), remote_id FROM feeds WHERE account_id = ?", [.integer(accountID)]) {
                ($0.text(Self.feedColumnCount) ?? "", Self.feed(from: $0))
            }
        }
        return Dictionary(pairs) { first, _ in first }
    }

    /// Stores articles from the server (new ones added, changed ones updated, as a feed's
    /// would be) and takes their read and starred state, except where a local change is
    /// still queued. Items of feeds the account does not hold are skipped. One transaction.
    @discardableResult
    public func saveRemoteItems(_ items: [RemoteItem], accountID: Int64, now: Date = Date()) throws(StorageError) -> IngestResult {
        try storageTransaction { database throws(StorageError) in
            let feedIDs = Dictionary(try database.query("SELECT remote_id, id FROM feeds WHERE account_id = ?",
                                                        [.integer(accountID)]) { ($0.text(0) ?? "", $0.int64(1)) }) { first, _ in first }
            var total = IngestResult()
            for (feedRemoteID, group) in Dictionary(grouping: items, by: \.feedRemoteID) {
                guard let feedID = feedIDs[feedRemoteID] else { total.skipped += group.count; continue }
                // New articles are stored in the server's state; a later item of the same id wins.
                var states: [String: ArticleState] = [:]
                for item in group { states[item.remoteID] = ArticleState(read: item.read, starred: item.starred) }
                let (result, held, takenOver) = try ArticleIngest(database: database, feedID: feedID, now: now)
                    .ingest(group.map(Self.entry(for:)), states: states)
                total.add(result)
                // New articles were stored in the server's state. Those stored before take it now:
                // the held ones (which count as changes the server made) and the ones taken over
                // by their link.
                total.stateChanges += try Self.applyStates(states.filter { held.contains($0.key) },
                                                           feedID: feedID, accountID: accountID, in: database)
                try Self.applyStates(states.filter { takenOver.contains($0.key) }, feedID: feedID, accountID: accountID, in: database)
            }
            return total
        }
    }

    /// Sets the read and starred state of the feed's articles by guid, but not where a change
    /// of that field is still queued for the server; returns how many fields changed.
    @discardableResult
    private static func applyStates(_ states: [String: ArticleState], feedID: Int64, accountID: Int64,
                                    in database: SQLiteDatabase) throws(StorageError) -> Int {
        var changed = 0
        for (column, flag) in [("read", \ArticleState.read), ("starred", \ArticleState.starred)] {
            for value in [true, false] {
                let guids = states.compactMap { $0.value[keyPath: flag] == value ? $0.key : nil }
                guard !guids.isEmpty else { continue }
                changed += try database.run("""
                    UPDATE articles SET \(column) = ?1 WHERE feed_id = ?2 AND \(column) <> ?1
                        AND guid IN (SELECT value FROM json_each(?3))
                        AND NOT EXISTS (SELECT 1 FROM sync_changes WHERE account_id = ?4 AND kind = '\(column)' AND target = articles.guid
                                        AND kind IN ('read', 'starred'))   -- the words of sync_changes_state's WHERE: its index is used
                    """, [SQLValue(value), .integer(feedID), .jsonArray(guids), .integer(accountID)])
            }
        }
        return changed
    }

    private static func entry(for item: RemoteItem) -> ParsedEntry {
        let title = item.title.map { $0.utf8.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") } ? HTMLText.plain($0) ?? $0 : $0 }
        return ParsedEntry(id: item.remoteID, title: title, link: item.link, published: item.published,
                           updated: item.updated, authors: item.author.map { [Person(name: $0)] } ?? [],
                           content: item.html)
    }

    /// The account's stored articles as `applyRemoteStates` compares them with the server's
    /// lists: each one's id, server id and states (with `feeds`, only those feeds' articles).
    public struct StoredStates: Sendable {
        fileprivate let articles: [(id: Int64, guid: RemoteIDs.Key, read: Bool, starred: Bool)]
    }

    /// The stored states of the account's articles, read now: a sync reads them while the
    /// server's lists come, and `applyRemoteStates` then only compares and writes (reading
    /// 10 000 articles takes longer than writing what changed). A local change made in between
    /// is queued, and a queued change wins anyway: what was read ahead only chooses the rows
    /// written, never a state.
    public func storedStates(accountID: Int64, feeds: [String]? = nil) throws(StorageError) -> StoredStates {
        try read { database throws(StorageError) in try Self.storedStates(accountID: accountID, feeds: feeds, in: database) }
    }

    private static func storedStates(accountID: Int64, feeds: [String]?, in database: SQLiteDatabase) throws(StorageError) -> StoredStates {
        var scope = "f.account_id = ?1"
        var values: [SQLValue] = [.integer(accountID)]
        if let feeds {
            scope += " AND f.remote_id IN (SELECT value FROM json_each(?2))"
            values.append(.jsonArray(feeds))
        }
        return StoredStates(articles: try database.query("SELECT a.id, a.guid, a.read, a.starred FROM articles a JOIN feeds f ON f.id = a.feed_id WHERE \(scope)",
                                                         values) { row in
            (id: row.int64(0), guid: row.withText(1, RemoteIDs.Key.init(utf8:)) ?? .text(""), read: row.int64(2) != 0, starred: row.int64(3) != 0)
        })
    }

    /// Takes the server's lists of unread and of starred items as the truth for the account's
    /// stored articles (a list that is nil is left alone), except where a local change is still
    /// queued. With `feeds` (server ids), only those feeds' articles are compared; with `stored`,
    /// the states read ahead by `storedStates` (with the same `feeds`) are compared. Returns how
    /// many articles changed state.
    ///
    /// The stored states are compared with the lists, and only the articles whose state differs
    /// are written: an UPDATE comparing every row with a table of the ids took 17 ms for 10 000
    /// articles and 8 000 unread ids, the longest step of a later sync.
    @discardableResult
    public func applyRemoteStates(accountID: Int64, unread: [String]?, starred: [String]?,
                                  feeds: [String]? = nil, stored: StoredStates? = nil) throws(StorageError) -> Int {
        guard unread != nil || starred != nil else { return 0 }
        return try storageTransaction { database throws(StorageError) in
            let stored = if let stored { stored } else { try Self.storedStates(accountID: accountID, feeds: feeds, in: database) }
            var queued: [String: RemoteIDs] = [:]   // the guids with a change still queued, by column
            for (kind, target) in try database.query("SELECT kind, target FROM sync_changes WHERE account_id = ? AND kind IN ('read', 'starred')",
                                                     [.integer(accountID)], { ($0.text(0) ?? "", $0.text(1) ?? "") }) {
                queued[kind, default: RemoteIDs()].insert(target)
            }
            var changed = 0
            // An article is read when it is not listed as unread, starred when it is listed as starred.
            for (column, list, listedMeans) in [("read", unread, false), ("starred", starred, true)] {
                guard let list else { continue }
                let listed = RemoteIDs(list), kept = queued[column] ?? RemoteIDs(), isRead = column == "read"
                var turned: [Bool: [Int64]] = [:]
                for article in stored.articles where !kept.contains(article.guid) {
                    let wanted = listed.contains(article.guid) == listedMeans
                    if (isRead ? article.read : article.starred) != wanted { turned[wanted, default: []].append(article.id) }
                }
                for (value, ids) in turned {
                    changed += try database.run("UPDATE articles SET \(column) = ? WHERE id IN (SELECT value FROM json_each(?))",
                                                [SQLValue(value), .jsonArray(ids)])
                }
            }
            return changed
        }
    }

    /// The server id of the feed of each of the account's articles among `remoteIDs` (item ids).
    public func feedsOfRemoteItems(accountID: Int64, _ remoteIDs: [String]) throws(StorageError) -> [String: String] {
        guard !remoteIDs.isEmpty else { return [:] }
        let pairs = try read { database throws(StorageError) in
            try database.query("""
                SELECT a.guid, f.remote_id FROM articles a JOIN feeds f ON f.id = a.feed_id
                WHERE f.account_id = ? AND a.guid IN (SELECT value FROM json_each(?))
                """, [.integer(accountID), .jsonArray(remoteIDs)]) { ($0.text(0) ?? "", $0.text(1) ?? "") }
        }
        return Dictionary(pairs) { first, _ in first }
    }

    /// Those of `remoteIDs` the account does not hold (nor has pruned), in their order.
    public func missingRemoteItems(accountID: Int64, among remoteIDs: [String]) throws(StorageError) -> [String] {
        guard !remoteIDs.isEmpty else { return [] }   // no need to read the ids held
        let held = try heldRemoteItems(accountID: accountID)
        return remoteIDs.filter { !held.contains($0) }
    }

    /// The server ids of every item the account holds or has pruned.
    public func heldRemoteItems(accountID: Int64) throws(StorageError) -> RemoteIDs {
        try read { database throws(StorageError) in
            var held = RemoteIDs()
            try database.forEachRow("""
                SELECT a.guid FROM articles a JOIN feeds f ON f.id = a.feed_id WHERE f.account_id = ?1
                UNION ALL SELECT t.guid FROM tombstones t JOIN feeds f ON f.id = t.feed_id WHERE f.account_id = ?1
                """, [.integer(accountID)]) { row in row.withText(0) { held.insert(utf8: $0) } }
            return held
        }
    }

    /// Puts `ids` in the connection's scratch table `temp.sync_ids`, replacing what was there.
    static func fillRemoteIDs(_ ids: [String], in database: SQLiteDatabase) throws(StorageError) {
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS sync_ids (guid TEXT PRIMARY KEY) WITHOUT ROWID; DELETE FROM temp.sync_ids")
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(ids.count, start + 20_000)]
            try database.run("INSERT OR IGNORE INTO temp.sync_ids SELECT value FROM json_each(?)", [.jsonArray(chunk)])
            start += chunk.count
        }
    }
}
