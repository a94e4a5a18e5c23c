import FeedParsing
import Foundation
import Localization

extension LibraryStore {
    /// Adds a feed with its first fetch (validators, entries) in one transaction.
    func subscribe(url: String, folderID: Int64?, response: HTTPResult,
                   parsed: ParsedFeed) throws(StorageError) -> (Feed, IngestResult) {
        let now = Date()
        let (id, result) = try storageTransaction { database throws(StorageError) in
            guard let id = try Self.insertFeed(url: url, title: parsed.title, siteURL: parsed.link,
                                               folderID: folderID, in: database) else {
                throw StorageError.duplicateFeed(url: url)
            }
            try database.run("""
                UPDATE feeds SET etag = ?, last_modified = ?, last_attempt = ?, last_success = ?, http_status = ?
                WHERE id = ?
                """, [SQLValue(response.header("etag")), SQLValue(response.header("last-modified")), SQLValue(now),
                      SQLValue(now), SQLValue(response.status), .integer(id)])
            return (id, try Self.save(parsed, toFeed: id, now: now, in: database))
        }
        // Translators: what is missing, in “{thing} is no longer in the library”.
        guard let feed = try feed(id: id) else { throw .notFound(what: tr("The new feed {url}", ["url": url])) }
        return (feed, result)
    }
}
