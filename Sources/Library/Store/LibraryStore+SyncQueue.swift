import Foundation

/// The durable queue of local changes to accounts' articles and subscriptions. A change is
/// queued in the same transaction that makes it, so it survives a crash or `kill -9`; the sync
/// engine sends the queue in order and removes what the server took (or refused for good).
extension LibraryStore {
    /// Queues the read or starred state of the account articles among `ids` (a JSON array of
    /// article ids), as the articles now hold it. One row per article and field: a newer
    /// change replaces an older one, so the queue holds only what the server must end with.
    static func queueStateChanges(_ field: StatusChange.Field, ids: SQLValue, now: Date,
                                  in database: SQLiteDatabase) throws(StorageError) {
        // A library without accounts (most) skips the look-up of every article's feed.
        guard try database.scalar("SELECT EXISTS (SELECT 1 FROM accounts)") == 1 else { return }
        let column = field == .read ? "read" : "starred"
        try database.run("""
            INSERT OR REPLACE INTO sync_changes (account_id, kind, target, value, queued_at)
            SELECT f.account_id, ?, a.guid, a.\(column), ? FROM articles a JOIN feeds f ON f.id = a.feed_id
            WHERE f.account_id IS NOT NULL AND a.id IN (SELECT value FROM json_each(?))
            """, [.text(column), SQLValue(now), ids])
    }

    /// Queues a change to an account's subscriptions (subscribe, unsubscribe, rename, move).
    public func queueChange(accountID: Int64, kind: SyncChange.Kind, target: String, value: String?) throws(StorageError) {
        try write { database throws(StorageError) in
            try Self.queue(kind, target: target, value: value, accountID: accountID, in: database)
        }
    }

    static func queue(_ kind: SyncChange.Kind, target: String, value: String?, accountID: Int64,
                      in database: SQLiteDatabase) throws(StorageError) {
        try database.run("INSERT INTO sync_changes (account_id, kind, target, value, queued_at) VALUES (?, ?, ?, ?, ?)",
                         [.integer(accountID), .text(kind.rawValue), .text(target), SQLValue(value), SQLValue(Date())])
    }

    /// The account's queued changes, oldest first.
    public func pendingChanges(accountID: Int64) throws(StorageError) -> [SyncChange] {
        try read { database throws(StorageError) in
            try database.query("SELECT id, kind, target, value FROM sync_changes WHERE account_id = ? ORDER BY id",
                               [.integer(accountID)]) { row -> SyncChange? in
                guard let kind = SyncChange.Kind(rawValue: row.text(1) ?? "") else { return nil }
                return SyncChange(id: row.int64(0), kind: kind, target: row.text(2) ?? "", value: row.text(3))
            }
        }.compactMap { $0 }
    }

    /// The accounts with a change to their subscriptions, folders or labels queued (anything but
    /// an article's state or labels), which the window sends at once rather than at the next sync.
    public func accountsWithQueuedSubscriptionChanges() throws(StorageError) -> [Int64] {
        let articleKinds: [SyncChange.Kind] = [.read, .starred, .addLabel, .removeLabel]
        return try read { database throws(StorageError) in
            try database.query("""
                SELECT DISTINCT account_id FROM sync_changes
                WHERE kind NOT IN (SELECT value FROM json_each(?)) ORDER BY account_id
                """, [.jsonArray(articleKinds.map(\.rawValue))]) { $0.int64(0) }
        }
    }

    /// Removes changes the server has taken (or refused for good).
    public func removeChanges(_ ids: [Int64]) throws(StorageError) {
        guard !ids.isEmpty else { return }
        try write { database throws(StorageError) in
            try database.run("DELETE FROM sync_changes WHERE id IN (SELECT value FROM json_each(?))", [.jsonArray(ids)])
        }
    }
}
