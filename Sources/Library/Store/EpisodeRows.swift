import ArticleModel
import FeedParsing

/// The `episodes` rows of an article's audio and video attachments (`Enclosure.isPlayable`),
/// with what its feed says of them: written when an article is stored or its attachments
/// change, and once for the articles stored before schema 9.
enum EpisodeRows {
    /// Adds a row for each playable attachment of `entry`, stored as article `articleID`; an
    /// existing row takes the feed's season, number and chapters, and its length if it has none
    /// (the player's, once it played, is kept); chapters fetched from another address are
    /// forgotten. Where it was left is never touched.
    static func write(articleID: Int64, entry: ParsedEntry, in database: SQLiteDatabase) throws(StorageError) {
        for enclosure in entry.enclosures where enclosure.isPlayable {
            let details = entry.episode
            try database.run("""
                INSERT INTO episodes (article_id, url, duration, season, number, chapters_url) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (article_id, url) DO UPDATE SET duration = coalesce(duration, ?3), season = ?4, number = ?5,
                    chapters = CASE WHEN chapters_url IS ?6 THEN chapters END, chapters_url = ?6
                """, [.integer(articleID), .text(enclosure.url), details.duration.map { .real($0) } ?? .null,
                      SQLValue(details.season), SQLValue(details.number), SQLValue(details.chaptersURL)])
        }
    }

    /// Schema 9: the rows of the articles already stored (what their feeds said of the episodes
    /// comes with the next refresh that changes them).
    static func backfill(_ database: SQLiteDatabase) throws(StorageError) {
        let bodies = try database.query("SELECT id, enclosures FROM article_bodies WHERE enclosures IS NOT NULL", []) {
            ($0.int64(0), $0.text(1))
        }
        for (id, text) in bodies {
            for enclosure in ArticleCoding.decodeEnclosures(text) where enclosure.isPlayable {
                try database.run("INSERT OR IGNORE INTO episodes (article_id, url) VALUES (?, ?)", [.integer(id), .text(enclosure.url)])
            }
        }
    }
}
