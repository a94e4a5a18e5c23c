import Foundation
import Localization

/// Saved searches: kept in the library, listed oldest first.
extension LibraryStore {
    public func savedSearches() throws(StorageError) -> [SavedSearch] {
        try read { database throws(StorageError) in
            try database.query("SELECT id, name, query, unread_only FROM saved_searches ORDER BY created_at, id") { row in
                SavedSearch(id: row.int64(0), name: row.text(1) ?? "", query: row.text(2) ?? "", unreadOnly: row.bool(3))
            }
        }
    }

    /// Keeps a search; it is named by its words until renamed.
    @discardableResult
    public func saveSearch(_ query: String, unreadOnly: Bool, name: String? = nil) throws(StorageError) -> SavedSearch {
        let words = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty else { throw .invalidValue(tr("A saved search needs words to search for.")) }
        let title = name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? words
        let id = try write { database throws(StorageError) in
            try database.run("INSERT INTO saved_searches (name, query, unread_only, created_at) VALUES (?, ?, ?, ?)",
                             [.text(title.isEmpty ? words : title), .text(words), .integer(unreadOnly ? 1 : 0), SQLValue(Date())])
            return database.lastInsertRowID
        }
        return SavedSearch(id: id, name: title.isEmpty ? words : title, query: words, unreadOnly: unreadOnly)
    }

    public func renameSavedSearch(_ id: Int64, to name: String) throws(StorageError) {
        let title = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .invalidValue(tr("A saved search needs a name.")) }
        let changed = try write { database throws(StorageError) in
            try database.run("UPDATE saved_searches SET name = ? WHERE id = ?", [.text(title), .integer(id)])
        }
        // Translators: what is missing, in “{thing} is no longer in the library”.
        if changed == 0 { throw .notFound(what: tr("The saved search")) }
    }

    public func deleteSavedSearch(_ id: Int64) throws(StorageError) {
        let changed = try write { database throws(StorageError) in
            try database.run("DELETE FROM saved_searches WHERE id = ?", [.integer(id)])
        }
        // Translators: what is missing, in “{thing} is no longer in the library”.
        if changed == 0 { throw .notFound(what: tr("The saved search")) }
    }
}
