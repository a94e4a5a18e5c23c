import Foundation
import Localization

/// Full articles (extracted from the web page) and the per-feed switch that asks for them.
extension LibraryStore {
    /// Stores `full` as the full article of `articleID`, replacing an earlier one, and lets
    /// search find its text. The feed's own body is left as the feed sent it.
    public func saveFullArticle(_ full: FullArticle, for articleID: Int64) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in
            guard try database.scalar("SELECT count(*) FROM articles WHERE id = ?", [.integer(articleID)]) > 0 else {
                // Translators: what is missing, in “{thing} is no longer in the library”.
                throw .notFound(what: tr("The article"))
            }
            try database.run("""
                INSERT OR REPLACE INTO full_articles (id, html, text, byline, fetched_at) VALUES (?, ?, ?, ?, ?)
                """, [.integer(articleID), .text(full.html), .text(full.text), SQLValue(full.byline), SQLValue(full.fetched)])
            try SearchIndex.reindex(id: articleID, in: database)
        }
    }

    /// The full article in `row` from `column` on (html, text, byline, fetched_at), as
    /// `article(id:)` reads it; nil when there is none.
    static func fullArticle(from row: SQLiteStatement, at column: Int32) -> FullArticle? {
        guard let html = row.text(column) else { return nil }
        return FullArticle(html: html, text: row.text(column + 1) ?? "", byline: row.text(column + 2),
                           fetched: row.date(column + 3) ?? Date(timeIntervalSince1970: 0))
    }

    /// Turns the feed's "Always show full article" switch on or off.
    public func setAlwaysFullArticle(_ always: Bool, feedID: Int64) throws(StorageError) {
        let changed = try write { database throws(StorageError) in
            try database.run("UPDATE feeds SET always_full_article = ? WHERE id = ?", [.integer(always ? 1 : 0), .integer(feedID)])
        }
        // Translators: what is missing, in “{thing} is no longer in the library”.
        if changed == 0 { throw .notFound(what: tr("The feed")) }
    }
}
