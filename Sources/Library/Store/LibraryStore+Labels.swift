import Foundation
import Localization

/// Labels on articles. The local library has its own; an account's are its server's: a label
/// put on, taken off, renamed or deleted is queued for the server in the same transaction, and
/// a sync takes the server's labels and their articles as the truth, except where a local
/// change is still queued.
extension LibraryStore {
    /// The longest label name taken (a server's or the user's).
    public static let labelNameLimit = 100

    /// Every label, the local library's first, then each account's, by name.
    public func labels() throws(StorageError) -> [Label] {
        try read { database throws(StorageError) in
            try database.query("SELECT \(Self.labelColumns) FROM labels ORDER BY account_id IS NOT NULL, account_id, name", [], Self.label(from:))
        }
    }

    /// The ids of the labels article `id` carries.
    public func labelIDs(ofArticle id: Int64) throws(StorageError) -> Set<Int64> {
        try read { database throws(StorageError) in
            Set(try database.query("SELECT label_id FROM article_labels WHERE article_id = ?", [.integer(id)]) { $0.int64(0) })
        }
    }

    /// Makes a label in the local library (`accountID` nil) or an account's; the server hears
    /// of it when it is first put on an article.
    public func createLabel(_ name: String, accountID: Int64?) throws(StorageError) -> Label {
        let name = try Self.labelName(name)
        return try storageTransaction { database throws(StorageError) in
            try Self.refuseTaken(name, accountID: accountID, except: nil, in: database)
            try database.run("INSERT INTO labels (name, account_id) VALUES (?, ?)", [.text(name), SQLValue(accountID)])
            return Label(id: database.lastInsertRowID, name: name, accountID: accountID)
        }
    }

    /// Puts label `labelID` on the articles among `articleIDs` (or takes it off them); only
    /// articles of the label's own library are touched. Returns how many changed.
    @discardableResult
    public func setLabel(_ labelID: Int64, on articleIDs: [Int64], _ on: Bool) throws(StorageError) -> Int {
        try storageTransaction { database throws(StorageError) in
            let label = try Self.label(labelID, in: database)
            let sql = on ? """
                INSERT OR IGNORE INTO article_labels (label_id, article_id)
                SELECT ?1, a.id FROM articles a JOIN feeds f ON f.id = a.feed_id
                WHERE a.id IN (SELECT value FROM json_each(?2)) AND f.account_id IS ?3
                RETURNING article_id
                """ : """
                DELETE FROM article_labels WHERE label_id = ?1 AND article_id IN (SELECT value FROM json_each(?2))
                RETURNING article_id
                """
            let values: [SQLValue] = [.integer(labelID), .jsonArray(articleIDs)] + (on ? [SQLValue(label.accountID)] : [])
            let changed = try database.query(sql, values) { $0.int64(0) }
            if let accountID = label.accountID, !changed.isEmpty {
                // The queue keeps one change per article and label: the newest.
                try database.run("""
                    DELETE FROM sync_changes WHERE account_id = ?1 AND kind IN ('addLabel', 'removeLabel') AND value = ?2
                        AND target IN (SELECT guid FROM articles WHERE id IN (SELECT value FROM json_each(?3)))
                    """, [.integer(accountID), .text(label.name), .jsonArray(changed)])
                try database.run("""
                    INSERT INTO sync_changes (account_id, kind, target, value, queued_at)
                    SELECT ?1, ?2, guid, ?3, ?4 FROM articles WHERE id IN (SELECT value FROM json_each(?5)) ORDER BY id
                    """, [.integer(accountID), .text((on ? SyncChange.Kind.addLabel : .removeLabel).rawValue), .text(label.name),
                          SQLValue(Date()), .jsonArray(changed)])
            }
            return changed.count
        }
    }

    /// Renames a label; the new name must not be taken in its library.
    public func renameLabel(_ id: Int64, to name: String) throws(StorageError) {
        let name = try Self.labelName(name)
        try storageTransaction { database throws(StorageError) in
            let label = try Self.label(id, in: database)
            guard label.name != name else { return }
            try Self.refuseTaken(name, accountID: label.accountID, except: id, in: database)
            try database.run("UPDATE labels SET name = ? WHERE id = ?", [.text(name), .integer(id)])
            if let accountID = label.accountID {
                try Self.queue(.renameLabel, target: label.name, value: name, accountID: accountID, in: database)
            }
        }
    }

    /// Deletes a label; its articles stay.
    public func deleteLabel(_ id: Int64) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in
            let label = try Self.label(id, in: database)
            try database.run("DELETE FROM labels WHERE id = ?", [.integer(id)])
            if let accountID = label.accountID {
                try Self.queue(.deleteLabel, target: label.name, value: nil, accountID: accountID, in: database)
            }
        }
    }

    /// Makes the account's labels those of `labels`, and each label's articles those the server
    /// names, except where a local change to that article and label is still queued. Items the
    /// account does not hold are passed over. Returns how many pairings changed. One transaction.
    @discardableResult
    public func applyRemoteLabels(_ labels: [RemoteLabel], accountID: Int64) throws(StorageError) -> Int {
        try storageTransaction { database throws(StorageError) in
            var kept: [Int64] = []
            var changed = 0
            for remote in labels {
                guard let name = try? Self.labelName(remote.name) else { continue }
                let id: Int64
                // The same label: the same server id, or else the same name (one made or renamed
                // here: a Google Reader label's id is its name).
                if let found = try database.first("""
                    SELECT id FROM labels WHERE account_id = ?1 AND (remote_id = ?2 OR name = ?3) ORDER BY remote_id IS NOT ?2
                    """, [.integer(accountID), .text(remote.remoteID), .text(name)], { $0.int64(0) }) {
                    id = found
                    // Renamed on the server to a name another label here still has: that one is stale.
                    try database.run("DELETE FROM labels WHERE account_id = ? AND name = ? AND id <> ?",
                                     [.integer(accountID), .text(name), .integer(id)])
                    try database.run("UPDATE labels SET name = ?1, remote_id = ?2 WHERE id = ?3 AND (name IS NOT ?1 OR remote_id IS NOT ?2)",
                                     [.text(name), .text(remote.remoteID), .integer(id)])
                } else {
                    try database.run("INSERT INTO labels (name, account_id, remote_id) VALUES (?, ?, ?)",
                                     [.text(name), .integer(accountID), .text(remote.remoteID)])
                    id = database.lastInsertRowID
                }
                kept.append(id)
                changed += try Self.applyMembers(remote.items, label: id, name: name, accountID: accountID, in: database)
            }
            // A label the server does not list is gone, unless it waits to be put on an article there.
            try database.run("""
                DELETE FROM labels WHERE account_id = ?1 AND id NOT IN (SELECT value FROM json_each(?2))
                    AND name NOT IN (SELECT value FROM sync_changes WHERE account_id = ?1 AND kind = 'addLabel')
                """, [.integer(accountID), .jsonArray(kept)])
            return changed
        }
    }

    private static func applyMembers(_ items: [String], label: Int64, name: String, accountID: Int64,
                                     in database: SQLiteDatabase) throws(StorageError) -> Int {
        try fillRemoteIDs(items, in: database)
        let pending = """
            NOT EXISTS (SELECT 1 FROM sync_changes WHERE account_id = ?2 AND kind IN ('addLabel', 'removeLabel')
                        AND target = a.guid AND value = ?3)
            """
        let added = try database.run("""
            INSERT OR IGNORE INTO article_labels (label_id, article_id)
            SELECT ?1, a.id FROM articles a JOIN feeds f ON f.id = a.feed_id
            WHERE f.account_id = ?2 AND a.guid IN (SELECT guid FROM temp.sync_ids) AND \(pending)
            """, [.integer(label), .integer(accountID), .text(name)])
        let removed = try database.run("""
            DELETE FROM article_labels WHERE label_id = ?1 AND article_id IN (
                SELECT a.id FROM articles a WHERE a.id IN (SELECT article_id FROM article_labels WHERE label_id = ?1)
                    AND a.guid NOT IN (SELECT guid FROM temp.sync_ids) AND \(pending))
            """, [.integer(label), .integer(accountID), .text(name)])
        return added + removed
    }

    /// A label name as kept: trimmed, not empty, no control characters, not too long.
    static func labelName(_ name: String) throws(StorageError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidValue(tr("a label needs a name")) }
        guard trimmed.count <= labelNameLimit else {
            throw .invalidValue(tr("a label's name is at most {count} characters", ["count": String(labelNameLimit)]))
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidValue(tr("a label's name cannot hold control characters"))
        }
        return trimmed
    }

    /// Refuses a name another label of the library has, or (in an account, where servers name
    /// folders and labels alike) a folder.
    private static func refuseTaken(_ name: String, accountID: Int64?, except id: Int64?, in database: SQLiteDatabase) throws(StorageError) {
        if try database.first("SELECT 1 FROM labels WHERE name = ? AND account_id IS ? AND id IS NOT ?",
                              [.text(name), SQLValue(accountID), SQLValue(id)], { _ in true }) != nil {
            throw .invalidValue(tr("there is already a label called {name}", ["name": name]))
        }
        if accountID != nil, try database.first("SELECT 1 FROM folders WHERE title = ? AND account_id = ?",
                                                [.text(name), SQLValue(accountID)], { _ in true }) != nil {
            throw .invalidValue(tr("the account has a folder called {name}: its server would not tell them apart", ["name": name]))
        }
    }

    private static let labelColumns = "id, name, account_id"

    private static func label(from row: SQLiteStatement) -> Label {
        Label(id: row.int64(0), name: row.text(1) ?? "", accountID: row.optionalInt64(2))
    }

    private static func label(_ id: Int64, in database: SQLiteDatabase) throws(StorageError) -> Label {
        guard let label = try database.first("SELECT \(labelColumns) FROM labels WHERE id = ?", [.integer(id)], label(from:)) else {
            // Translators: what is missing, in “{thing} is no longer in the library”.
            throw .notFound(what: tr("The label"))
        }
        return label
    }
}
