import ArticleModel
import Foundation

/// Where each episode was left, so that opening it again resumes there, and which were heard
/// to their end. The player writes as it goes (at least every 10 s and on pause), so a crash
/// loses seconds at most.
extension LibraryStore {
    /// The episode `url` of article `articleID`, or nil when the article attaches no such episode.
    public func episodeProgress(articleID: Int64, url: String) throws(StorageError) -> EpisodeProgress? {
        try read { database throws(StorageError) in
            try database.query("SELECT \(Self.episodeColumns) FROM episodes WHERE article_id = ? AND url = ?",
                               [.integer(articleID), .text(url)], Self.episode(from:)).first
        }
    }

    /// The episodes article `articleID` attaches, by address.
    public func episodes(ofArticle articleID: Int64) throws(StorageError) -> [String: EpisodeProgress] {
        try read { database throws(StorageError) in
            let rows = try database.query("SELECT \(Self.episodeColumns) FROM episodes WHERE article_id = ?",
                                          [.integer(articleID)], Self.episode(from:))
            return Dictionary(rows.map { ($0.url, $0) }) { first, _ in first }
        }
    }

    static let episodeColumns = "article_id, url, position, duration, played, season, number, chapters_url, chapters, file, file_size"

    static func episode(from row: SQLiteStatement) -> EpisodeProgress {
        var episode = EpisodeProgress(articleID: row.int64(0), url: row.text(1) ?? "", position: row.double(2),
                                      duration: row.optionalDouble(3), played: row.bool(4),
                                      details: EpisodeDetails(season: row.optionalInt(5), number: row.optionalInt(6),
                                                              chaptersURL: row.text(7)),
                                      chapters: Chapter.decode(row.text(8)))
        (episode.file, episode.fileSize) = (row.text(9), row.optionalInt(10))
        return episode
    }

    /// Notes the downloaded file of an episode (nil: it was deleted).
    public func setEpisodeFile(_ path: String?, size: Int?, articleID: Int64, url: String) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in
            try database.run("UPDATE episodes SET file = ?, file_size = ? WHERE article_id = ? AND url = ?",
                             [SQLValue(path), SQLValue(size), .integer(articleID), .text(url)])
        }
    }

    /// Every downloaded episode, the longest unheard first.
    public func downloadedEpisodes() throws(StorageError) -> [EpisodeProgress] {
        try read { database throws(StorageError) in
            try database.query("SELECT \(Self.episodeColumns) FROM episodes WHERE file IS NOT NULL ORDER BY touched", [],
                               Self.episode(from:))
        }
    }

    /// The episodes to download after a refresh: of each feed that keeps its episodes, the
    /// `perFeed` newest not yet heard and not downloaded, of articles that arrived within `days`.
    public func episodesToDownload(perFeed: Int = 2, days: Int = 14, now: Date = Date()) throws(StorageError) -> [EpisodeProgress] {
        try read { database throws(StorageError) in
            try database.query("""
                SELECT \(Self.episodeColumns) FROM (
                    SELECT e.*, row_number() OVER (PARTITION BY a.feed_id ORDER BY a.sort_date DESC, a.id DESC) AS rank
                    FROM episodes e JOIN articles a ON a.id = e.article_id JOIN feeds f ON f.id = a.feed_id
                    WHERE f.download_episodes = 1 AND e.played = 0 AND a.arrived >= ?
                ) WHERE rank <= ? AND file IS NULL
                """, [SQLValue(now.addingTimeInterval(-Double(days) * 86_400)), .integer(Int64(perFeed))], Self.episode(from:))
        }
    }

    /// Downloaded episodes heard to their end more than `days` ago (or whose article is read and
    /// was never listened to here): their files may go.
    public func playedDownloads(olderThan days: Int, now: Date = Date()) throws(StorageError) -> [EpisodeProgress] {
        try read { database throws(StorageError) in
            try database.query("""
                SELECT \(Self.episodeColumns) FROM episodes WHERE file IS NOT NULL AND played = 1 AND coalesce(touched, 0) < ?
                """, [SQLValue(now.addingTimeInterval(-Double(days) * 86_400))], Self.episode(from:))
        }
    }

    /// Keeps where the episode is now (an episode played again is in progress again). Nothing
    /// is written for an article no longer in the library.
    public func saveEpisodeProgress(_ progress: EpisodeProgress) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in try Self.save(progress, in: database) }
    }

    /// The same inside a transaction of the caller's.
    static func save(_ progress: EpisodeProgress, in database: SQLiteDatabase) throws(StorageError) {
        try database.run("""
            INSERT INTO episodes (article_id, url, position, duration, played, touched)
            SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM articles WHERE id = ?1)
            ON CONFLICT (article_id, url) DO UPDATE SET position = excluded.position,
                duration = coalesce(excluded.duration, duration), played = excluded.played, touched = excluded.touched
            """, [.integer(progress.articleID), .text(progress.url), .real(max(0, progress.position)),
                  progress.duration.map { .real($0) } ?? .null, SQLValue(progress.played), SQLValue(Date())])
    }

    /// Keeps the chapters fetched for the episode.
    public func saveChapters(_ chapters: [Chapter], articleID: Int64, url: String) throws(StorageError) {
        try storageTransaction { database throws(StorageError) in
            try database.run("UPDATE episodes SET chapters = ? WHERE article_id = ? AND url = ?",
                             [.text(Chapter.encode(chapters)), .integer(articleID), .text(url)])
        }
    }

    /// The episode was heard to its end: played, back at the start, and its article read (the
    /// change queued for an account's server like any other), all or nothing: an episode is never
    /// left played beside an unread article, nor the other way round.
    @discardableResult
    public func finishEpisode(articleID: Int64, url: String, duration: Double?) throws(StorageError) -> StatusChange {
        let changed = try storageTransaction { database throws(StorageError) in
            try Self.save(EpisodeProgress(articleID: articleID, url: url, position: 0, duration: duration, played: true), in: database)
            return try Self.set(.read, to: true, ids: [articleID], in: database)
        }
        return StatusChange(field: .read, value: true, articleIDs: changed)
    }

    /// The article that attaches `url` (the one last listened to, else the newest), or nil.
    public func articleID(attaching url: String) throws(StorageError) -> Int64? {
        try read { database throws(StorageError) in
            try database.query("""
                SELECT e.article_id FROM episodes e JOIN articles a ON a.id = e.article_id WHERE e.url = ?
                ORDER BY e.touched DESC NULLS LAST, a.sort_date DESC LIMIT 1
                """, [.text(url)], { $0.int64(0) }).first
        }
    }
}
