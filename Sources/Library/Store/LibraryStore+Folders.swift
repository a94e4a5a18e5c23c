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

    /// Renames a folder; the new title must not be taken by another folder of its library.
    public func renameFolder(_ id: Int64, to title: String) throws(StorageError) {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidValue(tr("a folder needs a name")) }
        let changed = try write { database throws(StorageError) in
            try database.run("UPDATE folders SET title = ? WHERE id = ?", [.text(trimmed), .integer(id)])
        }
        // Translators: what is missing, in “{thing} is no longer in the library”.
        if changed == 0 { throw .notFound(what: tr("The folder")) }
    }

    /// Deletes a folder; its feeds stay, unfiled.
    public func deleteFolder(_ id: Int64) throws(StorageError) {
        try write { database throws(StorageError) in
            try database.run("DELETE FROM folders WHERE id = ?", [.integer(id)])
        }
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
