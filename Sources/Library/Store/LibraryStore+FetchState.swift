import FeedParsing
import Foundation

/// Writing a fetch's outcome: the feed's state and its articles in one transaction.
extension LibraryStore {
    /// A 2xx with a feed: validators, new URL after a permanent redirect, entries.
    func recordSuccess(feedID: Int64, newURL: String?, etag: String?, lastModified: String?, status: Int?,
                       parsed: ParsedFeed, now: Date) throws(StorageError) -> IngestResult {
        try storageTransaction { database throws(StorageError) in
            if let newURL,
               try database.scalar("SELECT count(*) FROM feeds WHERE url = ? AND id <> ? AND account_id IS NULL", [.text(newURL), .integer(feedID)]) == 0 {
                try database.run("UPDATE feeds SET url = ? WHERE id = ?", [.text(newURL), .integer(feedID)])
            }
            try database.run("""
                UPDATE feeds SET etag = ?, last_modified = ?, last_attempt = ?, last_success = ?, http_status = ?,
                    last_error = NULL, failure_count = 0, next_attempt = NULL WHERE id = ?
                """, [SQLValue(etag), SQLValue(lastModified), SQLValue(now), SQLValue(now), SQLValue(status), .integer(feedID)])
            return try Self.save(parsed, toFeed: feedID, now: now, in: database)
        }
    }

    /// A 304: nothing new, counted.
    func recordNotModified(feedID: Int64, newURL: String?, etag: String?, now: Date) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in
            if let newURL,
               try database.scalar("SELECT count(*) FROM feeds WHERE url = ? AND id <> ? AND account_id IS NULL", [.text(newURL), .integer(feedID)]) == 0 {
                try database.run("UPDATE feeds SET url = ? WHERE id = ?", [.text(newURL), .integer(feedID)])
            }
            try database.run("""
                UPDATE feeds SET etag = coalesce(?, etag), last_attempt = ?, last_success = ?, http_status = 304,
                    last_error = NULL, failure_count = 0, next_attempt = NULL,
                    not_modified_count = not_modified_count + 1 WHERE id = ?
                """, [SQLValue(etag), SQLValue(now), SQLValue(now), .integer(feedID)])
        }
    }

    /// A failure: the message, the next allowed attempt, and whether the feed is gone.
    func recordFailure(feedID: Int64, status: Int?, message: String, nextAttempt: Date?, gone: Bool,
                       now: Date) throws(StorageError) {
        try write { database throws(StorageError) in
            try database.run("""
                UPDATE feeds SET last_attempt = ?, http_status = ?, last_error = ?, next_attempt = ?,
                    failure_count = failure_count + 1, gone = max(gone, ?) WHERE id = ?
                """, [SQLValue(now), SQLValue(status), .text(message), SQLValue(nextAttempt), SQLValue(gone), .integer(feedID)])
        }
    }

    /// Lets a gone or backed-off feed be fetched again (e.g. the user edited its URL).
    public func resetFetchState(feedID: Int64) throws(StorageError) {
        try write { database throws(StorageError) in
            try database.run("""
                UPDATE feeds SET gone = 0, failure_count = 0, next_attempt = NULL, etag = NULL, last_modified = NULL
                WHERE id = ?
                """, [.integer(feedID)])
        }
    }
}
