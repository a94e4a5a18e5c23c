import Foundation
import Localization

/// Sync accounts: added, listed, removed with everything they brought, and their last sync.
extension LibraryStore {
    private static let accountColumns = "id, kind, server, user_name, added_at, last_attempt, last_sync, last_error, cursor"

    private static func account(from row: SQLiteStatement) -> Account? {
        guard let kind = Account.Kind(rawValue: row.text(1) ?? "") else { return nil }
        return Account(id: row.int64(0), kind: kind, server: row.text(2) ?? "", userName: row.text(3) ?? "",
                       addedAt: row.date(4) ?? Date(timeIntervalSince1970: 0), lastAttempt: row.date(5),
                       lastSync: row.date(6), lastError: row.text(7), cursor: row.text(8))
    }

    /// Every account, in the order they were added (rows of a kind this build does not know
    /// are left alone and not listed).
    public func accounts() throws(StorageError) -> [Account] {
        Account.distinguished(try read { database throws(StorageError) in
            try database.query("SELECT \(Self.accountColumns) FROM accounts ORDER BY id", [], Self.account(from:))
        }.compactMap { $0 })
    }

    /// One account (named beside the others, as `accounts()` names it); nil when there is none with this id.
    public func account(id: Int64) throws(StorageError) -> Account? {
        try accounts().first { $0.id == id }
    }

    /// Adds an account; throws `.duplicateAccount` when this user on this server is already one.
    @discardableResult
    public func addAccount(kind: Account.Kind, server: String, userName: String, now: Date = Date()) throws(StorageError) -> Account {
        let id = try write { database throws(StorageError) -> Int64? in
            let changed = try database.run(
                "INSERT OR IGNORE INTO accounts (kind, server, user_name, added_at) VALUES (?, ?, ?, ?)",
                [.text(kind.rawValue), .text(server), .text(userName), SQLValue(now)])
            return changed == 0 ? nil : database.lastInsertRowID
        }
        guard let id else { throw .duplicateAccount(title: "\(userName) on \(server)") }
        // Translators: what is missing, in “{thing} is no longer in the library”.
        guard let account = try account(id: id) else { throw .notFound(what: tr("The new account")) }
        return account
    }

    /// Removes an account and everything it brought: its feeds, folders, articles (and their
    /// search entries) and its queue of unsent changes. The server keeps its own copy.
    public func removeAccount(_ id: Int64) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in
            try database.run("""
                DELETE FROM article_search WHERE rowid IN
                    (SELECT a.id FROM articles a JOIN feeds f ON f.id = a.feed_id WHERE f.account_id = ?)
                """, [.integer(id)])
            if try database.run("DELETE FROM accounts WHERE id = ?", [.integer(id)]) == 0 {
                // Translators: what is missing, in “{thing} is no longer in the library”.
                throw .notFound(what: tr("The account {id}", ["id": String(id)]))
            }
        }
    }

    /// Records a sync's end: on success (`error` nil) its time and the protocol's new bookmark;
    /// on failure the reason, keeping the last good bookmark.
    public func recordSync(accountID: Int64, error: String?, cursor: String?, now: Date = Date()) throws(StorageError) {
        try write { database throws(StorageError) in
            if let error {
                try database.run("UPDATE accounts SET last_attempt = ?, last_error = ? WHERE id = ?",
                                 [SQLValue(now), .text(error), .integer(accountID)])
            } else {
                try database.run("""
                    UPDATE accounts SET last_attempt = ?1, last_sync = ?1, last_error = NULL, cursor = coalesce(?2, cursor)
                    WHERE id = ?3
                    """, [SQLValue(now), SQLValue(cursor), .integer(accountID)])
            }
        }
    }
}
