import FeedParsing
import Foundation

/// Writes a parsed feed's entries into the articles table, de-duplicating:
///
/// - same guid within the feed → the stored row is updated in place (status kept);
/// - otherwise, same link within the feed → updated in place, guid replaced (feeds
///   whose ids change on every fetch). The link is trusted only when it is unique
///   in this fetch and the stored row's guid is not also in it, so feeds whose items
///   all link to one home page are not merged;
/// - an entry matching a tombstone (pruned earlier) is skipped for good.
///
/// Runs on the writer connection inside the caller's transaction.
struct ArticleIngest {
    let database: SQLiteDatabase
    let feedID: Int64
    let now: Date

    func ingest(_ entries: [ParsedEntry]) throws(StorageError) -> IngestResult {
        var counts = IngestResult()
        let keyed = entries.map { (key: Self.guid(for: $0), entry: $0) }
        let guids = Set(keyed.compactMap(\.key))
        var linkUses: [String: Int] = [:]
        for item in keyed { if let link = item.entry.link { linkUses[link, default: 0] += 1 } }
        var seen = Set<String>()
        for item in keyed {
            guard let guid = item.key, seen.insert(guid).inserted else { counts.skipped += 1; continue }
            let trustedLink = item.entry.link.flatMap { linkUses[$0] == 1 ? $0 : nil }
            if try isTombstoned(guid: guid, link: trustedLink) { counts.skipped += 1; continue }
            if let existing = try existingArticle(guid: guid, link: trustedLink, batchGuids: guids) {
                if try update(existing, guid: guid, with: item.entry) { counts.updated += 1 } else { counts.unchanged += 1 }
            } else {
                try insert(guid: guid, entry: item.entry)
                counts.added += 1
            }
        }
        return counts
    }

    /// The entry's identity: FeedParsing's id, else its link; nil when it has neither.
    static func guid(for entry: ParsedEntry) -> String? {
        if let id = entry.id, !id.isEmpty { return id }
        if let link = entry.link, !link.isEmpty { return link }
        return nil
    }

    private func isTombstoned(guid: String, link: String?) throws(StorageError) -> Bool {
        if try database.first("SELECT 1 FROM tombstones WHERE feed_id = ? AND guid = ?",
                              [.integer(feedID), .text(guid)], { _ in true }) != nil { return true }
        guard let link else { return false }
        return try database.first("SELECT 1 FROM tombstones WHERE feed_id = ? AND link = ?",
                                  [.integer(feedID), .text(link)], { _ in true }) != nil
    }

    private func existingArticle(guid: String, link: String?, batchGuids: Set<String>) throws(StorageError) -> Int64? {
        if let id = try database.first("SELECT id FROM articles WHERE feed_id = ? AND guid = ?",
                                        [.integer(feedID), .text(guid)], { $0.int64(0) }) { return id }
        guard let link else { return nil }
        let match = try database.first("SELECT id, guid FROM articles WHERE feed_id = ? AND link = ? LIMIT 1",
                                       [.integer(feedID), .text(link)]) { ($0.int64(0), $0.text(1) ?? "") }
        guard let match, !batchGuids.contains(match.1) else { return nil }
        return match.0
    }

    /// What the article row holds: ?2…?7 in the statements below (?1 is the guid).
    private func listFields(_ entry: ParsedEntry) -> [SQLValue] {
        [SQLValue(entry.link), SQLValue(entry.title), SQLValue(ArticleCoding.displayAuthor(entry.authors)),
         SQLValue(entry.published), SQLValue(entry.updated), SQLValue(HTMLText.excerpt(entry.summary ?? entry.content))]
    }

    /// What the bodies row holds, after its id.
    private func bodyFields(_ entry: ParsedEntry) -> [SQLValue] {
        [SQLValue(ArticleCoding.encode(authors: entry.authors)), SQLValue(entry.summary), SQLValue(entry.content),
         SQLValue(ArticleCoding.encode(categories: entry.categories)),
         SQLValue(ArticleCoding.encode(enclosures: entry.enclosures)), SQLValue(entry.thumbnailURL)]
    }

    private func insert(guid: String, entry: ParsedEntry) throws(StorageError) {
        let date = min(entry.published ?? entry.updated ?? now, now)
        try database.run("""
            INSERT INTO articles (feed_id, guid, link, title, author, published, updated, excerpt, sort_date, arrived)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.integer(feedID), .text(guid)] + listFields(entry) + [SQLValue(date), SQLValue(now)])
        let id = database.lastInsertRowID
        _ = try writeBody(id, entry)
        try SearchIndex.add(id: id, entry: entry, in: database)
    }

    /// Writes the bodies row of article `id` when it is missing or different; true when it was.
    private func writeBody(_ id: Int64, _ entry: ParsedEntry) throws(StorageError) -> Bool {
        try database.run("""
            INSERT INTO article_bodies (id, authors, summary, content, categories, enclosures, thumbnail_url)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            ON CONFLICT (id) DO UPDATE SET authors = ?2, summary = ?3, content = ?4, categories = ?5,
                enclosures = ?6, thumbnail_url = ?7
            WHERE authors IS NOT ?2 OR summary IS NOT ?3 OR content IS NOT ?4 OR categories IS NOT ?5
                OR enclosures IS NOT ?6 OR thumbnail_url IS NOT ?7
            """, [.integer(id)] + bodyFields(entry)) > 0
    }

    /// Updates the stored article when anything changed; true when it did. The arrival
    /// time, read and starred state are never touched. The excerpt comes from the body,
    /// so a changed body rewrites the row too.
    private func update(_ id: Int64, guid: String, with entry: ParsedEntry) throws(StorageError) -> Bool {
        let bodyChanged = try writeBody(id, entry)
        let rowChanged = try database.run("""
            UPDATE articles SET guid = ?1, link = ?2, title = ?3, author = ?4, published = ?5, updated = ?6,
                excerpt = ?7, sort_date = min(coalesce(?5, ?6, arrived), arrived)
            WHERE id = ?8 AND (?9 OR guid IS NOT ?1 OR link IS NOT ?2 OR title IS NOT ?3 OR author IS NOT ?4
                OR published IS NOT ?5 OR updated IS NOT ?6)
            """, [.text(guid)] + listFields(entry) + [.integer(id), .integer(bodyChanged ? 1 : 0)]) > 0
        guard bodyChanged || rowChanged else { return false }
        try SearchIndex.replace(id: id, entry: entry, in: database)
        return true
    }
}
