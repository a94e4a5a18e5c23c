import FeedParsing

/// The FTS5 table `article_search`: one row per article (rowid = article id) holding
/// the *plain text* of title, author, summary and content (HTML stripped, so tags
/// and attribute values are never matched). It keeps its own copy of that text —
/// deletes stay exact and cheap, at the cost of storing the plain text twice. An article
/// with a full article (extracted from its page) is found by that text instead of the
/// feed's content, which it holds.
enum SearchIndex {
    static func add(id: Int64, entry: ParsedEntry, in database: SQLiteDatabase) throws(StorageError) {
        try database.run("INSERT INTO article_search (rowid, title, author, summary, content) VALUES (?, ?, ?, ?, ?)", [
            .integer(id), SQLValue(entry.title), SQLValue(ArticleCoding.displayAuthor(entry.authors)),
            SQLValue(HTMLText.plain(entry.summary)), SQLValue(HTMLText.plain(entry.content)),
        ])
    }

    /// After the feed changed the article: its new text, keeping a full article's.
    static func replace(id: Int64, entry: ParsedEntry, in database: SQLiteDatabase) throws(StorageError) {
        try remove(id: id, in: database)
        try add(id: id, entry: entry, in: database)
        if let full = try database.first("SELECT text FROM full_articles WHERE id = ?", [.integer(id)], { $0.text(0) }),
           let full {
            try useFullText(full, id: id, in: database)
        }
    }

    /// Makes the article found by `text` (its full article) in place of the feed's content.
    static func useFullText(_ text: String, id: Int64, in database: SQLiteDatabase) throws(StorageError) {
        let kept = try database.first("SELECT title, author, summary FROM article_search WHERE rowid = ?", [.integer(id)]) {
            [SQLValue($0.text(0)), SQLValue($0.text(1)), SQLValue($0.text(2))]
        }
        try remove(id: id, in: database)
        try database.run("INSERT INTO article_search (rowid, title, author, summary, content) VALUES (?, ?, ?, ?, ?)",
                         [.integer(id)] + (kept ?? [.null, .null, .null]) + [.text(text)])
    }

    static func remove(id: Int64, in database: SQLiteDatabase) throws(StorageError) {
        try database.run("DELETE FROM article_search WHERE rowid = ?", [.integer(id)])
    }
}
