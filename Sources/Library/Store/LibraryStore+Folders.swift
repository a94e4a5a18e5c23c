import Localization

/// Folders: one level, titles unique without regard to case.
extension LibraryStore {
    /// All folders, the local library's and the accounts', in their stored order then by title.
    public func folders() throws(StorageError) -> [Folder] {
        try read { database throws(StorageError) in
            try database.query("SELECT id, title, account_id FROM folders ORDER BY position, title COLLATE NOCASE") {
                Folder(id: $0.int64(0), title: $0.text(1) ?? "", accountID: $0.optionalInt64(2))
            }
        }
    }

    /// The local folder with this title (case-insensitive), created when missing.
    @discardableResult
    public func folder(named title: String) throws(StorageError) -> Folder {
        try write { database throws(StorageError) in try Self.folder(named: title, in: database) }
    }

    /// Renames a folder; the new title must not be taken by another folder of its library. An
    /// account's folder is renamed on its server at the next sync.
    public func renameFolder(_ id: Int64, to title: String) throws(StorageError) {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidValue(tr("a folder needs a name")) }
        try storageTransaction { database throws(StorageError) in
            let remote = try Self.remoteFolder(id, in: database)
            try database.run("UPDATE folders SET title = ? WHERE id = ?", [.text(trimmed), .integer(id)])
            if let remote { try Self.queue(.renameFolder, target: remote.remoteID, value: trimmed, accountID: remote.accountID, in: database) }
        }
    }

    /// Deletes a folder; its feeds stay, unfiled. An account's folder is deleted on its server
    /// at the next sync.
    public func deleteFolder(_ id: Int64) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in
            let remote = try Self.remoteFolder(id, in: database)
            try database.run("DELETE FROM folders WHERE id = ?", [.integer(id)])
            if let remote { try Self.queue(.deleteFolder, target: remote.remoteID, value: nil, accountID: remote.accountID, in: database) }
        }
    }

    /// The account and server id of folder `id`; nil for a local folder. Throws when there is none.
    private static func remoteFolder(_ id: Int64, in database: SQLiteDatabase) throws(StorageError) -> (accountID: Int64, remoteID: String)? {
        guard let row = try database.first("SELECT account_id, remote_id FROM folders WHERE id = ?", [.integer(id)],
                                           { ($0.optionalInt64(0), $0.text(1)) }) else {
            // Translators: what is missing, in “{thing} is no longer in the library”.
            throw .notFound(what: tr("The folder"))
        }
        guard let accountID = row.0, let remoteID = row.1 else { return nil }
        return (accountID, remoteID)
    }

    static func folder(named title: String, in database: SQLiteDatabase) throws(StorageError) -> Folder {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidValue(tr("a folder needs a name")) }
        if let existing = try database.first("SELECT id, title FROM folders WHERE title = ? AND account_id IS NULL", [.text(trimmed)], {
            Folder(id: $0.int64(0), title: $0.text(1) ?? trimmed)
        }) {
            return existing
        }
        let position = try database.scalar("SELECT coalesce(max(position), 0) + 1 FROM folders WHERE account_id IS NULL")
        try database.run("INSERT INTO folders (title, position) VALUES (?, ?)", [.text(trimmed), .integer(position)])
        return Folder(id: database.lastInsertRowID, title: trimmed)
    }
}

import Foundation
