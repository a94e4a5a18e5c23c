import FeedParsing
import Foundation
import Localization

/// Storing parsed feeds.
extension LibraryStore {
    /// Stores a parsed feed's entries (and fills in the feed's title, site link and
    /// icon) in one transaction, de-duplicating against what is stored.
    @discardableResult
    public func save(_ parsed: ParsedFeed, toFeed feedID: Int64, now: Date = Date()) throws(StorageError) -> IngestResult {
        try storageTransaction { database throws(StorageError) in
            try Self.save(parsed, toFeed: feedID, now: now, in: database)
        }
    }

    static func save(_ parsed: ParsedFeed, toFeed feedID: Int64, now: Date,
                     in database: SQLiteDatabase) throws(StorageError) -> IngestResult {
        let changed = try database.run("""
            UPDATE feeds SET title = coalesce(title, ?), site_url = coalesce(?, site_url),
                icon_url = coalesce(?, icon_url), language = ? WHERE id = ?
            """, [SQLValue(parsed.title), SQLValue(parsed.link), SQLValue(parsed.iconURL), SQLValue(parsed.language),
                  .integer(feedID)])
        // Translators: what is missing, in “{thing} is no longer in the library”.
        guard changed > 0 else { throw .notFound(what: tr("The feed (id {id})", ["id": String(feedID)])) }
        return try ArticleIngest(database: database, feedID: feedID, now: now).ingest(parsed.entries).counts
    }
}
