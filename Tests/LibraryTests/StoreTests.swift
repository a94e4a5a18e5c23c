import ArticleModel
import FeedParsing
import Foundation
import Testing
@testable import Library

@Suite struct StoreTests {
    @Test func opensWithWALAndCurrentSchema() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let database = try SQLiteDatabase(path: store.path)
        #expect(try database.scalar("PRAGMA user_version") == Int64(Schema.version))
        #expect(try database.first("PRAGMA journal_mode") { $0.text(0) } == "wal")
        #expect(try store.integrityCheck() == "ok")
        // Reopening an up-to-date file changes nothing in it.
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.checkpoint()
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let reopened = try LibraryStore.open(path: store.path)
        #expect(try reopened.feeds().map(\.id) == [feed.id])
        try reopened.checkpoint()
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before, "opening an up-to-date library rewrote it")
    }

    @Test func newerSchemaIsRefusedUntouched() throws {
        let folder = TempFolder()
        let path = folder.path("future.sqlite")
        do {
            let database = try SQLiteDatabase(path: path)
            try database.execute("CREATE TABLE future (x); PRAGMA user_version = 99")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StorageError.newerSchema(found: 99, supported: Schema.version)) {
            _ = try LibraryStore.open(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func notADatabaseIsRefusedClearly() throws {
        let folder = TempFolder()
        let path = folder.path("junk.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: StorageError.self) { _ = try LibraryStore.open(path: path) }
        guard case .cannotOpen(_, let message)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message.contains("not a Lectern library"))
    }

    @Test func storesEverythingFeedParsingGives() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        var item = entry("a1", title: "Hello", link: "https://example.org/1", published: Date(timeIntervalSince1970: 1_700_000_000),
                         summary: "<p>Short <b>bold</b> text &amp; more</p>", content: "<div>Body</div>", author: "Ann")
        item.authors.append(Person(name: "Bob", email: "bob@example.org", uri: "https://bob.example"))
        item.categories = ["swift", "linux"]
        item.enclosures = [Enclosure(url: "https://example.org/a.mp3", type: "audio/mpeg", length: 1234)]
        item.thumbnailURL = "https://example.org/t.png"
        item.updated = Date(timeIntervalSince1970: 1_700_000_100)
        let result = try store.save(parsed([item], title: "Example"), toFeed: feed.id)
        #expect(result.added == 1)
        let rows = try store.articles(ArticleQuery(view: .all))
        #expect(rows.count == 1)
        #expect(rows[0].feedTitle == "Example")
        #expect(rows[0].excerpt == "Short bold text & more")
        let article = try #require(try store.article(id: rows[0].id))
        #expect(article.authors == item.authors)
        #expect(article.categories == ["swift", "linux"])
        #expect(article.enclosures == item.enclosures)
        #expect(article.thumbnailURL == item.thumbnailURL)
        #expect(article.published == item.published)
        #expect(article.updated == item.updated)
        #expect(article.content == "<div>Body</div>")
        #expect(try store.feed(id: feed.id)?.siteURL == "https://example.org/")
    }

    @Test func futureDatesSortNoLaterThanArrival() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try store.save(parsed([entry("x", published: now.addingTimeInterval(10 * day))]), toFeed: feed.id, now: now)
        #expect(try store.articles(ArticleQuery(view: .all)).first?.date == now)
    }

    @Test func duplicateFeedIsRefused() throws {
        let (store, folder) = try makeStore()
        _ = folder
        try store.addFeed(url: "https://example.org/feed")
        #expect(throws: StorageError.duplicateFeed(url: "https://example.org/feed")) {
            try store.addFeed(url: "https://example.org/feed")
        }
    }

    @Test func deletingAFeedRemovesItsArticlesAndSearchRows() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.save(parsed([entry("a", title: "Zebra crossing")]), toFeed: feed.id)
        try store.deleteFeed(feed.id)
        #expect(try store.count(.all) == 0)
        #expect(try store.count(.all, search: "zebra") == 0)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func foldersAreCaseInsensitiveAndDeletingKeepsFeeds() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let tech = try store.folder(named: "Tech")
        #expect(try store.folder(named: "tech").id == tech.id)
        let feed = try store.addFeed(url: "https://example.org/feed", folderID: tech.id)
        try store.deleteFolder(tech.id)
        #expect(try store.feed(id: feed.id)?.folderID == nil)
        #expect(try store.folders().isEmpty)
    }
}

@Suite struct FeedLanguageTests {
    @Test func aFetchKeepsTheLanguageTheFeedDeclares() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/ar.xml")
        _ = try store.save(ParsedFeed(format: .rss20, title: "مدونة", language: "ar"), toFeed: feed.id)
        #expect(try store.feed(id: feed.id)?.language == "ar")
        _ = try store.save(ParsedFeed(format: .rss20, title: "מגזין", language: "he"), toFeed: feed.id)
        #expect(try store.feed(id: feed.id)?.language == "he", "a later fetch's language replaces it")
    }
}
