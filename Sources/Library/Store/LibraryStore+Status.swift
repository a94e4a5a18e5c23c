import Foundation

/// Read and starred state, with undo. A change to an account's article is queued for its
/// server in the same transaction.
extension LibraryStore {
    /// Marks articles read or unread; returns what changed.
    @discardableResult
    public func setRead(_ ids: [Int64], _ read: Bool) throws(StorageError) -> StatusChange {
        try set(.read, to: read, ids: ids)
    }

    /// Stars or unstars articles; returns what changed.
    @discardableResult
    public func setStarred(_ ids: [Int64], _ starred: Bool) throws(StorageError) -> StatusChange {
        try set(.starred, to: starred, ids: ids)
    }

    /// Marks every unread article of a view (and search, when given) read, in one
    /// transaction. Keep the result to offer undo.
    @discardableResult
    public func markAllRead(in view: ArticleView, search: String? = nil) throws(StorageError) -> StatusChange {
        let filter = ViewFilter(view: view)
        var sql = "UPDATE articles AS a SET read = 1 WHERE a.read = 0 AND \(filter.clause)"
        var values = filter.values
        let searched = search?.isEmpty == false
        if let search, searched {
            guard let expression = SearchQuery.expression(for: search) else {
                return StatusChange(field: .read, value: true, articleIDs: [])
            }
            sql += " AND a.id IN (SELECT rowid FROM article_search WHERE article_search MATCH ?)"
            values.append(.text(expression))
        }
        sql += " RETURNING id"
        let ids = try storageTransaction { database throws(StorageError) in
            if searched { try SearchIndex.indexPending(limit: .max, in: database) }
            let ids = try database.query(sql, values) { $0.int64(0) }
            var start = 0
            while start < ids.count {
                let chunk = ids[start..<min(ids.count, start + 10_000)]
                try Self.queueStateChanges(.read, ids: .jsonArray(chunk), now: Date(), in: database)
                start += chunk.count
            }
            return ids
        }
        return StatusChange(field: .read, value: true, articleIDs: ids)
    }

    /// Puts back the state a change replaced.
    public func undo(_ change: StatusChange) throws(StorageError) {
        _ = try set(change.field, to: !change.value, ids: change.articleIDs)
    }

    private func set(_ field: StatusChange.Field, to value: Bool, ids: [Int64]) throws(StorageError) -> StatusChange {
        let changed = try storageTransaction { database throws(StorageError) in
            try Self.set(field, to: value, ids: ids, in: database)
        }
        return StatusChange(field: field, value: value, articleIDs: changed)
    }

    /// The same inside a transaction of the caller's: the ids that changed.
    static func set(_ field: StatusChange.Field, to value: Bool, ids: [Int64], in database: SQLiteDatabase) throws(StorageError) -> [Int64] {
        let column = field == .read ? "read" : "starred"
        // One statement per 10k ids: the ids travel as a JSON array read by json_each.
        let sql = "UPDATE articles SET \(column) = ? WHERE \(column) <> ? AND id IN (SELECT value FROM json_each(?)) RETURNING id"
        var changed: [Int64] = []
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(ids.count, start + 10_000)]
            let done = try database.query(sql, [SQLValue(value), SQLValue(value), .jsonArray(chunk)]) { $0.int64(0) }
            try queueStateChanges(field, ids: .jsonArray(done), now: Date(), in: database)
            changed += done
            start += chunk.count
        }
        return changed
    }
}
