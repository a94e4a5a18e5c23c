import Foundation

/// The SQL condition (over `articles AS a`) selecting a view's articles.
struct ViewFilter {
    var clause: String
    var values: [SQLValue]
    /// `articles AS a`, pinned to the partial index for the unread and starred views:
    /// SQLite's planner cannot know article rows are kilobytes wide and would rather
    /// scan the table than a partial index it believes to be as long (24 ms vs 0.8 ms
    /// for counting 50k unread articles).
    var source = "articles AS a"

    /// `hiding`: leave out the articles a rule hid (pass whether any are; without, the queries
    /// stay as lean as before rules: an All count is SQLite's count of the table).
    init(view: ArticleView, unreadOnly: Bool = false, after: ArticleCursor? = nil, now: Date = Date(), hiding: Bool = true) {
        // An article a rule hid is in no list (the index scan asks the small table by id).
        var parts: [String] = hiding ? ["a.id NOT IN (SELECT id FROM hidden_articles)"] : []
        var values: [SQLValue] = []
        switch view {
        case .all:
            break
        case .unread:
            parts.append("a.read = 0")
            source = "articles AS a INDEXED BY articles_unread"
        case .starred:
            parts.append("a.starred = 1")
            source = "articles AS a INDEXED BY articles_starred"
        case .today:
            parts.append("a.sort_date >= ?")
            values.append(SQLValue(Calendar.current.startOfDay(for: now)))
        case .feed(let id):
            parts.append("a.feed_id = ?")
            values.append(.integer(id))
        case .folder(let id):
            parts.append("a.feed_id IN (SELECT id FROM feeds WHERE folder_id = ?)")
            values.append(.integer(id))
        case .account(let id):
            parts.append("a.feed_id IN (SELECT id FROM feeds WHERE account_id = ?)")
            values.append(.integer(id))
        case .label(let id):
            parts.append("a.id IN (SELECT article_id FROM article_labels WHERE label_id = ?)")
            values.append(.integer(id))
        case .podcasts:
            parts.append("a.id IN (SELECT article_id FROM episodes)")
        }
        if unreadOnly, view != .unread {
            parts.append("a.read = 0")
            if view == .all { source = "articles AS a INDEXED BY articles_unread" }
        }
        if let after {
            parts.append("(a.sort_date, a.id) < (?, ?)")
            values += [SQLValue(after.date), .integer(after.id)]
        }
        clause = parts.isEmpty ? "1" : parts.joined(separator: " AND ")
        self.values = values
    }
}
