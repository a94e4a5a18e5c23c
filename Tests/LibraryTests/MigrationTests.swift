import FeedParsing
import Foundation
import ScratchMount
import Testing
@testable import Library

/// A library written by an earlier Lectern opens with everything in it: articles, their
/// bodies, read and starred state, search. Version 2 moved the bodies to their own table.
@Suite struct MigrationTests {
    /// A version 1 library with one feed and two articles, one read and one starred.
    private func versionOneLibrary(at path: String) throws {
        let database = try SQLiteDatabase(path: path)
        try database.execute(Schema.version1 + "; PRAGMA user_version = 1")
        try database.execute("""
            INSERT INTO feeds (id, url, title, added_at) VALUES (1, 'https://example.org/feed', 'Example', 0);
            INSERT INTO articles (id, feed_id, guid, link, title, author, published, sort_date, authors, summary, content,
                                  categories, enclosures, thumbnail_url, excerpt, arrived, read, starred)
            VALUES (7, 1, 'a', 'https://example.org/a', 'Tea gardens', 'Ann', 100, 100, '[{"name":"Ann"}]',
                    '<p>Short</p>', '<p>Long story about oolong</p>', '["tea"]',
                    '[{"url":"https://example.org/a.mp3","type":"audio/mpeg","length":12}]',
                    'https://example.org/a.jpg', 'Short', 100, 1, 0),
                   (9, 1, 'b', 'https://example.org/b', 'Coffee', NULL, 200, 200, NULL, NULL, '<p>Espresso</p>', NULL,
                    NULL, NULL, 'Espresso', 200, 0, 1);
            INSERT INTO article_search (rowid, title, author, summary, content)
            VALUES (7, 'Tea gardens', 'Ann', 'Short', 'Long story about oolong'), (9, 'Coffee', NULL, NULL, 'Espresso');
            """)
    }

    @Test func anEarlierLibrarysAudioAttachmentsBecomeEpisodes() throws {
        let folder = TempFolder()
        let path = folder.path("library.sqlite")
        try versionOneLibrary(at: path)
        let store = try LibraryStore.open(path: path)
        #expect(try store.articles(ArticleQuery(view: .podcasts)).map(\.id) == [7], "the article attaching an MP3, in Podcasts")
        #expect(try store.episodeProgress(articleID: 7, url: "https://example.org/a.mp3")
                == EpisodeProgress(articleID: 7, url: "https://example.org/a.mp3"))
        #expect(try store.unreadCounts().unplayedEpisodes == 1)
    }

    @Test func aVersionOneLibraryKeepsEveryArticleBodyAndStatus() throws {
        let folder = TempFolder()
        let path = folder.path("library.sqlite")
        try versionOneLibrary(at: path)
        let store = try LibraryStore.open(path: path)
        #expect(try SQLiteDatabase(path: path).scalar("PRAGMA user_version") == Int64(Schema.version))

        let tea = try #require(try store.article(id: 7))
        #expect(tea.title == "Tea gardens" && tea.summary == "<p>Short</p>" && tea.content == "<p>Long story about oolong</p>")
        #expect(tea.authors.map(\.name) == ["Ann"] && tea.categories == ["tea"])
        #expect(tea.enclosures.first?.url == "https://example.org/a.mp3" && tea.thumbnailURL == "https://example.org/a.jpg")
        #expect(tea.read && !tea.starred)
        let coffee = try #require(try store.article(id: 9))
        #expect(coffee.content == "<p>Espresso</p>" && !coffee.read && coffee.starred)

        #expect(try store.articles(ArticleQuery(view: .all)).map(\.excerpt) == ["Espresso", "Short"])
        #expect(try store.count(.unread) == 1 && store.count(.starred) == 1)
        #expect(try store.count(.all, search: "oolong") == 1)
        #expect(try store.integrityCheck() == "ok")

        // New articles land beside the migrated ones, with their bodies.
        try store.save(parsed([entry("c", title: "Cocoa", content: "<p>Beans</p>")]), toFeed: 1)
        let cocoa = try #require(try store.articles(ArticleQuery(view: .all, search: "cocoa")).first)
        #expect(try store.article(id: cocoa.id)?.content == "<p>Beans</p>")
    }

    @Test func anArticleWhoseFeedIsGoneDoesNotStopTheUpgrade() throws {
        let folder = TempFolder()
        let path = folder.path("library.sqlite")
        try versionOneLibrary(at: path)
        // Foreign keys are off on this connection, as they would be for an outside edit.
        try SQLiteDatabase(path: path).execute("""
            INSERT INTO articles (id, feed_id, guid, sort_date, content, arrived) VALUES (11, 99, 'orphan', 300, 'x', 300)
            """)
        let store = try LibraryStore.open(path: path)
        #expect(try store.article(id: 11) == nil)
        #expect(try store.count(.all) == 2 && store.article(id: 7)?.content == "<p>Long story about oolong</p>")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test(.enabled(if: ScratchMount.available, "mounting a tiny tmpfs needs root"))
    func anUpgradeOnAFullDiskSaysSoAndLeavesTheLibraryAsItWas() throws {
        // Room for the whole upgrade once the filler is gone (its write-ahead log grows by a step's pages).
        let mount = try ScratchMount(kilobytes: 8_192)
        let path = mount.path("library.sqlite")
        try versionOneLibrary(at: path)
        do {
            let database = try SQLiteDatabase(path: path)
            try database.execute("""
                PRAGMA journal_mode = WAL;
                WITH RECURSIVE n(i) AS (SELECT 100 UNION ALL SELECT i + 1 FROM n WHERE i < 700)
                INSERT INTO articles (id, feed_id, guid, sort_date, content, arrived)
                SELECT i, 1, 'g' || i, i, hex(randomblob(1000)), i FROM n;
                PRAGMA wal_checkpoint(TRUNCATE);
                """)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let filler = mount.path("filler")
        try #require(FileManager.default.createFile(atPath: filler, contents: Data(count: Self.freeBytes(mount.path(".")) - 64_000)), "the test could not make its file")

        let error = #expect(throws: StorageError.self) { _ = try LibraryStore.open(path: path) }
        guard case .upgradeFailed(let reported, 2, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reported == path)
        #expect(error?.description.contains("It was not changed") == true && error?.description.contains("free") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the failed upgrade changed the library")

        try FileManager.default.removeItem(atPath: filler)
        let store = try LibraryStore.open(path: path)
        #expect(try store.count(.all) == 603 && store.article(id: 7)?.content == "<p>Long story about oolong</p>")
    }

    private static func freeBytes(_ path: String) -> Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    @Test func deletingAFeedOrPruningTakesTheBodiesWithIt() throws {
        let (store, folder) = try makeStore()
        let feed = try store.addFeed(url: "https://example.org/feed")
        let other = try store.addFeed(url: "https://example.org/other")
        let long = Date().addingTimeInterval(-200 * day)
        try store.save(parsed([entry("a", content: "<p>One</p>"), entry("b", content: "<p>Two</p>")]), toFeed: feed.id)
        try store.save(parsed([entry("old", content: "<p>Old</p>")]), toFeed: other.id, now: long)
        let bodies = { try SQLiteDatabase(path: folder.path("library.sqlite")).scalar("SELECT count(*) FROM article_bodies") }
        #expect(try bodies() == 3)

        try store.deleteFeed(feed.id)
        #expect(try bodies() == 1, "a deleted feed's article bodies stayed behind")
        let old = try #require(try store.articles(ArticleQuery(view: .all)).first)
        try store.setRead([old.id], true)
        #expect(try store.prune() == 1)
        #expect(try bodies() == 0, "a pruned article's body stayed behind")
    }
}

/// Version 4 rebuilds the feeds and folders tables (an account's feed may share a local feed's
/// address): a version 3 library keeps every feed, folder, article and status through it.
@Suite struct AccountsMigrationTests {
    @Test func aVersionThreeLibraryKeepsItsFeedsFoldersAndArticles() throws {
        let folder = TempFolder()
        let path = folder.path("library.sqlite")
        let database = try SQLiteDatabase(path: path)
        try database.execute("PRAGMA foreign_keys = ON")
        for step in Schema.migrations.prefix(3) { try database.execute(step) }
        try database.execute("""
            PRAGMA user_version = 3;
            INSERT INTO folders (id, title, position) VALUES (4, 'News', 1);
            INSERT INTO feeds (id, url, title, folder_id, added_at, always_full_article) VALUES (2, 'https://example.org/f', 'F', 4, 0, 1);
            INSERT INTO articles (id, feed_id, guid, title, sort_date, arrived, read, starred) VALUES (5, 2, 'g', 'Kept', 10, 10, 1, 1);
            INSERT INTO article_bodies (id, content) VALUES (5, '<p>body</p>');
            INSERT INTO full_articles (id, html, text, fetched_at) VALUES (5, '<p>full</p>', 'full', 10);
            """)
        let store = try LibraryStore.open(path: path)
        #expect(try SQLiteDatabase(path: path).scalar("PRAGMA user_version") == Int64(Schema.version))
        let feed = try #require(try store.feed(id: 2))
        #expect(feed.folderID == 4 && feed.alwaysFullArticle && feed.accountID == nil && feed.notify == nil)
        #expect(try store.folders() == [Folder(id: 4, title: "News")])
        let article = try #require(try store.article(id: 5))
        #expect(article.read && article.starred && article.content == "<p>body</p>")
        #expect(article.fullArticle != nil)
        // The foreign keys still hold after the rebuild: deleting the feed takes its articles.
        try store.deleteFeed(2)
        #expect(try store.article(id: 5) == nil)
        try store.deleteFolder(4)
        #expect(try store.integrityCheck() == "ok")
    }
}
