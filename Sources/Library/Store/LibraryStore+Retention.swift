import Foundation

/// Pruning old read articles; their identities are remembered as tombstones so a
/// feed that still lists them cannot bring them back. Starred and labelled articles stay forever.
extension LibraryStore {
    /// The default retention window: 90 days.
    public static let defaultRetention: TimeInterval = 90 * 24 * 3600

    /// Deletes read, unstarred articles that arrived more than `retention` seconds
    /// before `now`; returns how many went. One transaction.
    @discardableResult
    public func prune(retention: TimeInterval = LibraryStore.defaultRetention, now: Date = Date()) throws(StorageError) -> Int {
        let cutoff = SQLValue(now.addingTimeInterval(-retention))
        // A labelled article is kept, as a starred one is: the user put it somewhere.
        let selection = "FROM articles WHERE read = 1 AND starred = 0 AND arrived < ? AND id NOT IN (SELECT article_id FROM article_labels)"
        return try storageTransaction { database throws(StorageError) in
            try database.run("""
                INSERT OR REPLACE INTO tombstones (feed_id, guid, link, pruned_at) SELECT feed_id, guid, link, ? \(selection)
                """, [SQLValue(now), cutoff])
            try database.run("DELETE FROM article_search WHERE rowid IN (SELECT id \(selection))", [cutoff])
            return try database.run("DELETE \(selection)", [cutoff])
        }
    }
}
