import Foundation

/// The article list: windowed rows, counts, one full article.
extension LibraryStore {
    /// One window of a view, newest first (or most relevant first with a search).
    /// Served by the reader connection; cheap enough for the main thread.
    public func articles(_ query: ArticleQuery) throws(StorageError) -> [ArticleRow] {
        let filter = ViewFilter(view: query.view, unreadOnly: query.unreadOnly,
                                after: query.search == nil ? query.after : nil, hiding: try hasHiddenArticles())
        let columns = Self.rowColumns
        let sql: String
        var values: [SQLValue]
        if let search = query.search, let expression = SearchQuery.expression(for: search) {
            // Relevance is ranked among the newest `searchWindow` matches only: FTS5 walks
            // its index in rowid (arrival) order and stops there, so even a one-letter search
            // of 100k articles answers in milliseconds. Without a view filter the articles
            // table is not touched until the final page of rows.
            let matches = filter.clause == "1"
                ? "SELECT rowid AS id, \(Self.rank) AS score FROM article_search WHERE article_search MATCH ?"
                : """
                  SELECT s.rowid AS id, \(Self.rank) AS score FROM article_search s CROSS JOIN articles a ON a.id = s.rowid
                  WHERE article_search MATCH ? AND \(filter.clause)
                  """
            sql = """
                SELECT \(columns) FROM (\(matches) ORDER BY id DESC LIMIT \(Self.searchWindow)) AS w
                CROSS JOIN articles a ON a.id = w.id JOIN feeds f ON f.id = a.feed_id
                ORDER BY w.score LIMIT ? OFFSET ?
                """
            values = [.text(expression)] + filter.values
            try catchUpSearchIndex()
        } else if query.search.map({ SearchQuery.expression(for: $0) == nil }) == true, query.search?.isEmpty == false {
            return [] // only punctuation typed: nothing can match
        } else {
            // Late row lookup: the window's ids come from an index alone (no table
            // reads for skipped rows), then only those rows are read and joined.
            sql = """
                SELECT \(columns) FROM (
                    SELECT a.id FROM \(filter.source) WHERE \(filter.clause)
                    ORDER BY a.sort_date DESC, a.id DESC LIMIT ? OFFSET ?
                ) AS w CROSS JOIN articles a ON a.id = w.id CROSS JOIN feeds f ON f.id = a.feed_id
                ORDER BY a.sort_date DESC, a.id DESC
                """
            values = filter.values
        }
        values += [.integer(Int64(max(0, query.limit))), .integer(Int64(max(0, query.offset)))]
        return try read { database throws(StorageError) in
            let rows = try database.query(sql, values, Self.row(from:))
            return query.view == .podcasts ? try Self.withEpisodes(rows, in: database) : rows
        }
    }

    /// The Podcasts view's rows, each with one of its article's episodes (most attach one).
    private static func withEpisodes(_ rows: [ArticleRow], in database: SQLiteDatabase) throws(StorageError) -> [ArticleRow] {
        var episodes: [Int64: EpisodeProgress] = [:]
        for episode in try database.query("""
            SELECT \(episodeColumns) FROM episodes WHERE article_id IN (SELECT value FROM json_each(?))
            """, [.jsonArray(rows.map(\.id))], episode(from:)) where episodes[episode.articleID] == nil {
            episodes[episode.articleID] = episode
        }
        return rows.map { row in
            var row = row
            row.episode = episodes[row.id]
            return row
        }
    }

    /// How many of a search's matches a list shows at most: the most recently stored, ranked.
    public static let searchWindow = 5_000
    static let rank = "bm25(article_search, 10.0, 4.0, 2.0, 1.0)"

    /// How many articles the view holds in all; with a search, how many it lists (at most
    /// `searchWindow`).
    public func count(_ view: ArticleView, search: String? = nil, unreadOnly: Bool = false) throws(StorageError) -> Int {
        let filter = ViewFilter(view: view, unreadOnly: unreadOnly, hiding: try hasHiddenArticles())
        if let search, !search.isEmpty {
            guard let expression = SearchQuery.expression(for: search) else { return 0 }
            try catchUpSearchIndex()
            let sql = filter.clause == "1"
                ? "SELECT count(*) FROM (SELECT rowid FROM article_search WHERE article_search MATCH ? LIMIT \(Self.searchWindow))"
                : """
                  SELECT count(*) FROM (SELECT s.rowid FROM article_search s CROSS JOIN articles a ON a.id = s.rowid
                  WHERE article_search MATCH ? AND \(filter.clause) LIMIT \(Self.searchWindow))
                  """
            return Int(try read { database throws(StorageError) in try database.scalar(sql, [.text(expression)] + filter.values) })
        }
        let sql = "SELECT count(*) FROM \(filter.source) WHERE \(filter.clause)"
        return Int(try read { database throws(StorageError) in try database.scalar(sql, filter.values) })
    }

    /// Unread counts per feed, per folder and in all, plus the starred count.
    public func unreadCounts() throws(StorageError) -> UnreadCounts {
        var counts = try read { database throws(StorageError) in
            var counts = UnreadCounts()
            let rows = try database.query("""
                SELECT f.id, f.folder_id, (SELECT count(*) FROM articles a WHERE a.feed_id = f.id AND a.read = 0), f.account_id
                FROM feeds f
                """) { ($0.int64(0), $0.optionalInt64(1), $0.int(2), $0.optionalInt64(3)) }
            for (feed, folder, unread, account) in rows where unread > 0 {
                counts.byFeed[feed] = unread
                if let folder { counts.byFolder[folder, default: 0] += unread }
                if let account { counts.byAccount[account, default: 0] += unread }
                counts.all += unread
            }
            counts.starred = Int(try database.scalar("SELECT count(*) FROM articles WHERE starred = 1"))
            for (label, unread) in try database.query("""
                SELECT l.label_id, count(*) FROM article_labels l JOIN articles a ON a.id = l.article_id
                WHERE a.read = 0 GROUP BY l.label_id
                """, [], { ($0.int64(0), $0.int(1)) }) {
                counts.byLabel[label] = unread
            }
            counts.unplayedEpisodes = try database.query("SELECT count(*), count(*) FILTER (WHERE played = 0) FROM episodes", []) {
                $0.int(0) > 0 ? $0.int(1) : nil
            }.first ?? nil
            return counts
        }
        for saved in try savedSearches() {
            counts.bySavedSearch[saved.id] = try count(.all, search: saved.query, unreadOnly: true)
        }
        return counts
    }

    /// The whole article (for the reading pane); nil when it was deleted.
    public func article(id: Int64) throws(StorageError) -> Article? {
        try read { database throws(StorageError) in
            try database.first("""
                SELECT a.id, a.feed_id, a.guid, a.link, a.title, a.published, a.updated, a.sort_date, b.authors,
                       b.summary, b.content, b.categories, b.enclosures, b.thumbnail_url, a.arrived, a.read, a.starred,
                       f.html, f.text, f.byline, f.fetched_at
                FROM articles a LEFT JOIN article_bodies b ON b.id = a.id LEFT JOIN full_articles f ON f.id = a.id
                WHERE a.id = ?
                """, [.integer(id)]) { row in
                Article(id: row.int64(0), feedID: row.int64(1), guid: row.text(2) ?? "", link: row.text(3),
                        title: row.text(4), published: row.date(5), updated: row.date(6),
                        sortDate: row.date(7) ?? Date(timeIntervalSince1970: 0),
                        authors: ArticleCoding.decodeAuthors(row.text(8)), summary: row.text(9), content: row.text(10),
                        categories: ArticleCoding.decodeCategories(row.text(11)),
                        enclosures: ArticleCoding.decodeEnclosures(row.text(12)), thumbnailURL: row.text(13),
                        arrived: row.date(14) ?? Date(timeIntervalSince1970: 0), read: row.bool(15), starred: row.bool(16),
                        fullArticle: Self.fullArticle(from: row, at: 17))
            }
        }
    }

    /// The list rows of the articles `ids`, in that order; ids of articles no longer there are
    /// left out. At most `rowsByIDLimit` are read (a caller asks for what it shows).
    public func rows(ids: [Int64]) throws(StorageError) -> [ArticleRow] {
        let wanted = Array(ids.prefix(Self.rowsByIDLimit))
        guard !wanted.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: wanted.count).joined(separator: ", ")
        let sql = "SELECT \(Self.rowColumns) FROM articles a JOIN feeds f ON f.id = a.feed_id WHERE a.id IN (\(marks))"
        let rows = try read { database throws(StorageError) in
            try database.query(sql, wanted.map { .integer($0) }, Self.row(from:))
        }
        let byID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return wanted.compactMap { byID[$0] }
    }

    public static let rowsByIDLimit = 100

    /// The columns `row(from:)` reads, over `articles AS a` joined with `feeds AS f`.
    static let rowColumns = "a.id, a.feed_id, a.title, f.title, f.url, a.sort_date, a.excerpt, a.read, a.starred"

    static func row(from statement: SQLiteStatement) -> ArticleRow {
        let feedURL = statement.text(4) ?? ""
        let feedTitle = statement.text(3).flatMap { $0.isEmpty ? nil : $0 } ?? URL(string: feedURL)?.host ?? feedURL
        return ArticleRow(id: statement.int64(0), feedID: statement.int64(1), title: statement.text(2),
                          feedTitle: feedTitle, date: statement.date(5) ?? Date(timeIntervalSince1970: 0),
                          excerpt: statement.text(6), read: statement.bool(7), starred: statement.bool(8))
    }
}
