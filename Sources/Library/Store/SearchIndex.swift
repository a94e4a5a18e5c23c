import FeedParsing

/// The FTS5 table `article_search`: one row per article (rowid = article id) holding
/// the *plain text* of title, author, summary and content (HTML stripped, so tags
/// and attribute values are never matched). It keeps its own copy of that text —
/// deletes stay exact and cheap, at the cost of storing the plain text twice. An article
/// with a full article (extracted from its page) is found by that text instead of the
/// feed's content, which it holds.
///
/// A row is always built from what the library stores (`reindex`), never from a feed's
/// answer. Ingest only marks an article pending (`search_pending`): stripping the HTML and
/// indexing its words is a third of a first sync, and the articles are shown sooner without
/// it. `indexPending` writes the pending rows after, and every search, rule and mark-all by
/// search calls it first, so none ever reads a stale row.
enum SearchIndex {
    /// Asks for the article's row to be written (again) from what is stored.
    static func markPending(id: Int64, in database: SQLiteDatabase) throws(StorageError) {
        try database.run("INSERT OR IGNORE INTO search_pending (id) VALUES (?)", [.integer(id)])
    }

    /// Writes the rows of up to `limit` pending articles, oldest first; gives how many it wrote
    /// (0: none is pending). Run it inside a transaction.
    @discardableResult
    static func indexPending(limit: Int, in database: SQLiteDatabase) throws(StorageError) -> Int {
        let ids = try database.query("SELECT id FROM search_pending ORDER BY id LIMIT ?", [.integer(Int64(limit))]) { $0.int64(0) }
        for id in ids { try reindex(id: id, in: database) }
        return ids.count
    }

    /// Whether any article waits for its row; cheap (one index probe).
    static func hasPending(in database: SQLiteDatabase) throws(StorageError) -> Bool {
        try database.scalar("SELECT EXISTS (SELECT 1 FROM search_pending)") != 0
    }

    /// Writes article `id`'s row from the library: its title and author, the plain text of its
    /// summary, and of its full article if it has one, else of its content.
    static func reindex(id: Int64, in database: SQLiteDatabase) throws(StorageError) {
        let fields = try database.first("""
            SELECT a.title, a.author, b.summary, b.content, f.text
            FROM articles a LEFT JOIN article_bodies b ON b.id = a.id LEFT JOIN full_articles f ON f.id = a.id
            WHERE a.id = ?
            """, [.integer(id)]) { row in
            [SQLValue(row.text(0)), SQLValue(row.text(1)), SQLValue(HTMLText.plain(row.text(2))),
             row.text(4).map(SQLValue.text) ?? SQLValue(HTMLText.plain(row.text(3)))]
        }
        try remove(id: id, in: database)
        try database.run("DELETE FROM search_pending WHERE id = ?", [.integer(id)])
        guard let fields else { return }   // the article is gone
        try database.run("INSERT INTO article_search (rowid, title, author, summary, content) VALUES (?, ?, ?, ?, ?)",
                         [.integer(id)] + fields)
    }

    static func remove(id: Int64, in database: SQLiteDatabase) throws(StorageError) {
        try database.run("DELETE FROM article_search WHERE rowid = ?", [.integer(id)])
    }
}
