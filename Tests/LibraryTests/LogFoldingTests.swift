import FeedParsing
import Foundation
import Testing
@testable import Library

/// The write-ahead log is folded into the library file in the background (`LogFolding`), not
/// inside the commit that fills it: after a big write the file holds the articles, and the log
/// left on disk is cut back to its usual length.
@Suite struct LogFoldingTests {
    private func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func aBigWriteLeavesTheArticlesInTheFileAndNoBigLogBehind() async throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        let text = "<p>" + String(repeating: "lantern harbour bridge ", count: 100) + "</p>"
        for batch in 0..<30 {   // about 12 MB written, a commit at a time, as a sync's pages are
            try store.save(parsed((0..<100).map { entry("\(batch)-\($0)", title: "Garden \(batch) \($0)", content: text) }), toFeed: feed.id)
        }
        let limit = Int(LogFolding.threshold) * 4096
        let log = store.path + "-wal"
        let first = try #require(try store.articles(ArticleQuery(view: .all)).first)
        // The log starts over at the first commit after a checkpoint copied all of it, and its
        // file is cut back then: a small change now and then, as the window makes them.
        var starred = false
        for _ in 0..<100 where size(log) > limit {
            try await Task.sleep(for: .milliseconds(50))
            starred.toggle()
            try store.setStarred([first.id], starred)
        }
        #expect(size(log) <= limit, "the log is back to its usual length: \(size(log)) bytes")
        #expect(size(store.path) > 2 * limit, "the articles were copied into the file: \(size(store.path)) bytes")
        #expect(try store.count(.all) == 3000)
    }

    /// Should the background folding never come (stopped, as at quit, or starved of a thread),
    /// a commit past `ceiling` folds the log itself: the log stays bounded while a writer goes on.
    @Test func withTheBackgroundFoldingStoppedTheLogStillStaysBounded() throws {
        let folder = TempFolder()
        let path = folder.path("library.sqlite")
        let writer = try SQLiteDatabase(path: path)
        try writer.execute("PRAGMA journal_mode = WAL; CREATE TABLE pages (body BLOB)")
        let folding = LogFolding(path: path)
        try folding.watch(writer)
        folding.stop()
        let ceiling = Int(LogFolding.ceiling) * 4096
        for _ in 0..<600 {   // 60 MB, 25 pages a commit: half as much again as the ceiling
            try writer.execute("INSERT INTO pages VALUES (randomblob(100000))")
        }
        #expect(size(path + "-wal") <= ceiling + 200_000, "the log grew to \(size(path + "-wal")) bytes")
        #expect(size(path) > ceiling / 2, "the log was folded into the file: \(size(path)) bytes")
        #expect(try writer.scalar("SELECT count(*) FROM pages") == 600)
    }
}
