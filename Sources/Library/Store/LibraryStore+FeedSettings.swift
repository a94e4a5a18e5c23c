import FeedParsing
import Foundation
import Localization

/// A feed's settings (its dialog): name, folder, refresh interval, notifications, where its
/// articles open, full articles; its address; its health.
extension LibraryStore {
    /// Applies `settings` to the feed. A new name or folder of an account's feed is sent to its
    /// server (as renaming and moving from the sidebar are).
    public func apply(_ settings: FeedSettings, toFeed id: Int64) throws(StorageError) {
        // Translators: what is missing, in “{thing} is no longer in the library”.
        guard let feed = try feed(id: id) else { throw .notFound(what: tr("The feed")) }
        let title = settings.title.trimmingCharacters(in: .whitespacesAndNewlines)
        if !title.isEmpty, title != feed.displayTitle { try renameFeed(id, to: title) }
        if settings.folderID != feed.folderID { try moveFeed(id, toFolder: settings.folderID) }
        if let minutes = settings.refreshMinutes, minutes < 0 { throw .invalidValue(tr("a refresh interval cannot be negative")) }
        try write { database throws(StorageError) in
            try Self.store(refreshMinutes: settings.refreshMinutes, notify: settings.notify, opensInBrowser: settings.opensInBrowser,
                           alwaysFullArticle: settings.alwaysFullArticle, loadsImages: settings.loadsImages,
                           downloadsEpisodes: settings.downloadsEpisodes, feedID: id, in: database)
        }
    }

    /// The settings an OPML file carried for a feed it adds (absent ones keep the defaults).
    static func apply(_ settings: OPMLEntry.Settings, toFeed id: Int64, in database: SQLiteDatabase) throws(StorageError) {
        guard settings != OPMLEntry.Settings() else { return }
        try store(refreshMinutes: settings.refreshMinutes, notify: settings.notify, opensInBrowser: settings.openInBrowser == true,
                  alwaysFullArticle: settings.fullArticle == true, loadsImages: settings.loadImages,
                  downloadsEpisodes: settings.downloadEpisodes == true, feedID: id, in: database)
    }

    /// The one place the per-feed settings' columns are written.
    private static func store(refreshMinutes: Int?, notify: Bool?, opensInBrowser: Bool, alwaysFullArticle: Bool,
                              loadsImages: Bool?, downloadsEpisodes: Bool, feedID: Int64,
                              in database: SQLiteDatabase) throws(StorageError) {
        func optional(_ flag: Bool?) -> SQLValue { flag.map { .integer($0 ? 1 : 0) } ?? .null }
        try database.run("""
            UPDATE feeds SET refresh_minutes = ?, notify = ?, open_in_browser = ?, always_full_article = ?, load_images = ?,
                download_episodes = ? WHERE id = ?
            """, [SQLValue(refreshMinutes), optional(notify), .integer(opensInBrowser ? 1 : 0), .integer(alwaysFullArticle ? 1 : 0),
                  optional(loadsImages), SQLValue(downloadsEpisodes), .integer(feedID)])
    }

    /// Points a local feed at a new address (checked by the caller by fetching it): its
    /// validators, failures and back-off are forgotten, its articles kept.
    public func changeAddress(feedID: Int64, to url: String) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in
            guard let account = try database.first("SELECT account_id FROM feeds WHERE id = ?", [.integer(feedID)], { $0.optionalInt64(0) })
            else { throw .notFound(what: tr("The feed")) }
            guard account == nil else { throw .invalidValue(tr("an account's feed has the address its server gives it")) }
            if try database.scalar("SELECT count(*) FROM feeds WHERE url = ? AND id <> ? AND account_id IS NULL",
                                   [.text(url), .integer(feedID)]) > 0 {
                throw .invalidValue(tr("you are already subscribed to {url}", ["url": url]))
            }
            try database.run("""
                UPDATE feeds SET url = ?, gone = 0, failure_count = 0, next_attempt = NULL, etag = NULL, last_modified = NULL,
                    last_error = NULL WHERE id = ?
                """, [.text(url), .integer(feedID)])
        }
    }

    /// How much the feed brings: articles that arrived in the last four weeks, a week.
    public func health(ofFeed id: Int64, now: Date = Date()) throws(StorageError) -> FeedHealth {
        try read { database throws(StorageError) in
            let recent = try database.scalar("SELECT count(*) FROM articles WHERE feed_id = ? AND arrived >= ?",
                                             [.integer(id), SQLValue(now.addingTimeInterval(-28 * 24 * 3600))])
            let all = try database.scalar("SELECT count(*) FROM articles WHERE feed_id = ?", [.integer(id)])
            return FeedHealth(articlesPerWeek: Double(recent) / 4, articles: Int(all))
        }
    }
}
