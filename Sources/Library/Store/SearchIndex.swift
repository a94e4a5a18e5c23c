import FeedParsing

/// The FTS5 table `article_search`: one row per article (rowid = article id) holding
/// the *plain text* of title, author, summary and content (HTML stripped, so tags
/// and attribute values are never matched). It keeps its own copy of that text —
/// deletes stay exact and cheap, at the cost of storing the plain text twice.
enum SearchIndex {
    static func add(id: Int64, entry: ParsedEntry, in database: SQLiteDatabase) throws(StorageError) {
        try database.run("INSERT INTO article_search (rowid, title, author, summary, content) VALUES (?, ?, ?, ?, ?)", [
            .integer(id), SQLValue(entry.title), SQLValue(ArticleCoding.displayAuthor(entry.authors)),
            SQLValue(HTMLText.plain(entry.summary)), SQLValue(HTMLText.plain(entry.content)),
        ])
    }

    static func replace(id: Int64, entry: ParsedEntry, in database: SQLiteDatabase) throws(StorageError) {
        try remove(id: id, in: database)
        try add(id: id, entry: entry, in: database)
    }

    static func remove(id: Int64, in database: SQLiteDatabase) throws(StorageError) {
        try database.run("DELETE FROM article_search WHERE rowid = ?", [.integer(id)])
    }
}
