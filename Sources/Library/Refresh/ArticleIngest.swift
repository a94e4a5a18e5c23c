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
/// Runs on the writer connection inside the caller's transaction. The search text is left to
/// `SearchIndex.indexPending`.
struct ArticleIngest {
    let database: SQLiteDatabase
    let feedID: Int64
    let now: Date

    /// `states`: the read and starred state a new article is stored with, by guid (a sync's
    /// articles come with theirs); new articles are unread and not starred otherwise. Gives what
    /// it did, `held`: the fetch's guids the feed held before, and `takenOver`: the guids that
    /// replaced a stored article's by its link.
    func ingest(_ entries: [ParsedEntry], states: [String: ArticleState] = [:]) throws(StorageError)
        -> (counts: IngestResult, held: Set<String>, takenOver: Set<String>) {
        var counts = IngestResult()
        let keyed = entries.map { (key: Self.guid(for: $0), entry: $0) }
        let guids = Set(keyed.compactMap(\.key))
        var linkUses: [String: Int] = [:]
        for item in keyed { if let link = item.entry.link { linkUses[link, default: 0] += 1 } }
        let known = try Known(feedID: feedID, guids: guids, links: linkUses.filter { $0.value == 1 }.map(\.key), in: database)
        var seen = Set<String>(), takenOver = Set<String>()
        for item in keyed {
            guard let guid = item.key, seen.insert(guid).inserted else { counts.skipped += 1; continue }
            let trustedLink = item.entry.link.flatMap { linkUses[$0] == 1 ? $0 : nil }
            if known.isTombstoned(guid: guid, link: trustedLink) { counts.skipped += 1; continue }
            if let existing = known.article(guid: guid, link: trustedLink, batchGuids: guids) {
                if known.byGuid[guid] == nil { takenOver.insert(guid) }
                if try update(existing, guid: guid, with: item.entry) { counts.updated += 1 } else { counts.unchanged += 1 }
            } else {
                try insert(guid: guid, entry: item.entry, state: states[guid] ?? ArticleState())
                counts.added += 1
            }
        }
        return (counts, Set(known.byGuid.keys), takenOver)
    }

    /// The entry's identity: FeedParsing's id, else its link; nil when it has neither.
    static func guid(for entry: ParsedEntry) -> String? {
        if let id = entry.id, !id.isEmpty { return id }
        if let link = entry.link, !link.isEmpty { return link }
        return nil
    }

    /// What the feed already holds of a fetch's guids and (trusted) links, read in four queries
    /// rather than four for each entry. An entry never finds what an earlier entry of the same
    /// fetch wrote: repeated guids are skipped, and trusted links are unique in the fetch.
    private struct Known {
        var tombstonedGuids: Set<String>
        var tombstonedLinks: Set<String>
        var byGuid: [String: Int64] = [:]
        var byLink: [String: (id: Int64, guid: String)] = [:]

        init(feedID: Int64, guids: Set<String>, links: [String], in database: SQLiteDatabase) throws(StorageError) {
            let feed = SQLValue.integer(feedID)
            let guidList = SQLValue.jsonArray(Array(guids)), linkList = SQLValue.jsonArray(links)
            tombstonedGuids = Set(try database.query("SELECT guid FROM tombstones WHERE feed_id = ? AND guid IN (SELECT value FROM json_each(?))",
                                                     [feed, guidList]) { $0.text(0) ?? "" })
            tombstonedLinks = links.isEmpty ? [] : Set(try database.query(
                "SELECT link FROM tombstones WHERE feed_id = ? AND link IN (SELECT value FROM json_each(?))", [feed, linkList]) { $0.text(0) ?? "" })
            for (guid, id) in try database.query("SELECT guid, id FROM articles WHERE feed_id = ? AND guid IN (SELECT value FROM json_each(?))",
                                                 [feed, guidList], { ($0.text(0) ?? "", $0.int64(1)) }) { byGuid[guid] = id }
            guard !links.isEmpty else { return }
            let rows = try database.query("""
                SELECT link, id, guid FROM articles WHERE feed_id = ? AND link IN (SELECT value FROM json_each(?)) ORDER BY id
                """, [feed, linkList]) { ($0.text(0) ?? "", $0.int64(1), $0.text(2) ?? "") }
            for (link, id, guid) in rows where byLink[link] == nil { byLink[link] = (id, guid) }
        }

        func isTombstoned(guid: String, link: String?) -> Bool {
            tombstonedGuids.contains(guid) || link.map(tombstonedLinks.contains) == true
        }

        /// The stored article with this guid, else the one with this link unless its guid is
        /// also in the fetch (feeds whose items all link to one page are not merged).
        func article(guid: String, link: String?, batchGuids: Set<String>) -> Int64? {
            if let id = byGuid[guid] { return id }
            guard let match = link.flatMap({ byLink[$0] }), !batchGuids.contains(match.guid) else { return nil }
            return match.id
        }
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

    private func insert(guid: String, entry: ParsedEntry, state: ArticleState) throws(StorageError) {
        let date = min(entry.published ?? entry.updated ?? now, now)
        try database.run("""
            INSERT INTO articles (feed_id, guid, link, title, author, published, updated, excerpt, sort_date, arrived, read, starred)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.integer(feedID), .text(guid)] + listFields(entry) + [SQLValue(date), SQLValue(now), SQLValue(state.read), SQLValue(state.starred)])
        let id = database.lastInsertRowID
        _ = try writeBody(id, entry)
        try SearchIndex.markPending(id: id, in: database)
        try EpisodeRows.write(articleID: id, entry: entry, in: database)
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
        try SearchIndex.markPending(id: id, in: database)
        if bodyChanged { try EpisodeRows.write(articleID: id, entry: entry, in: database) }
        return true
    }
}

/// The read and starred state of an article.
struct ArticleState: Equatable {
    var read = false
    var starred = false
}
