import FeedParsing
import Foundation
import Testing
@testable import Library

/// Articles are stored without their search text, which is written after (`SearchIndex`):
/// whatever reads the index first writes what is pending, so a search, a rule or a mark-all
/// by search never misses an article or matches its old text.
@Suite struct SearchPendingTests {
    private func counts(_ store: LibraryStore) throws -> (pending: Int64, indexed: Int64) {
        let database = try SQLiteDatabase(path: store.path, readOnly: true)
        return (try database.scalar("SELECT count(*) FROM search_pending"), try database.scalar("SELECT count(*) FROM article_search"))
    }

    @Test func aStoredArticleWaitsForItsTextAndASearchFindsItAnyway() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.save(parsed([entry("1", title: "Swift on Linux", content: "<p>A <b>lantern</b> by the river</p>"),
                               entry("2", title: "Rust")]), toFeed: feed.id)
        #expect(try counts(store) == (2, 0), "stored without its search text")
        #expect(try store.count(.all, search: "lantern") == 1)
        #expect(try store.articles(ArticleQuery(view: .all, search: "swi")).map(\.title) == ["Swift on Linux"])
        #expect(try counts(store) == (0, 2))
    }

    @Test func aChangedArticleIsFoundByItsNewTextOnly() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.save(parsed([entry("1", title: "Harbour news")]), toFeed: feed.id)
        #expect(try store.count(.all, search: "harbour") == 1)
        try store.save(parsed([entry("1", title: "Market news")]), toFeed: feed.id)
        #expect(try store.count(.all, search: "harbour") == 0, "the old text is not matched")
        #expect(try store.count(.all, search: "market") == 1)
    }

    @Test func aFullArticleSavedBeforeIndexingIsSearchedWithTheTitle() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.save(parsed([entry("1", title: "Lanterns", summary: "<p>Short</p>")]), toFeed: feed.id)
        let id = try #require(try store.articles(ArticleQuery(view: .all)).first?.id)
        try store.saveFullArticle(FullArticle(html: "<p>The harbour at night</p>", text: "The harbour at night", byline: nil,
                                              fetched: Date()), for: id)
        #expect(try store.count(.all, search: "harbour") == 1)
        #expect(try store.count(.all, search: "lanterns") == 1)
        #expect(try store.count(.all, search: "short") == 1, "the summary is kept")
    }

    @Test func rulesAndMarkAllReadBySearchSeeArticlesNotYetIndexed() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.save(parsed([entry("1", title: "One", content: "<p>sponsored</p>"), entry("2", title: "Two", content: "<p>winter</p>")]),
                       toFeed: feed.id)
        let matcher = try Rule(field: .any, match: .contains, text: "sponsored", action: .markRead).matcher()
        #expect(try store.articles(matching: matcher).count == 1)

        try store.save(parsed([entry("3", title: "Three", content: "<p>winter garden</p>")]), toFeed: feed.id)
        #expect(try counts(store).pending == 1)
        #expect(try store.markAllRead(in: .all, search: "winter").articleIDs.count == 2)
    }

    @Test func theBackgroundIndexerLeavesNothingPending() async throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        let many = (1...(LibraryStore.indexingBatch * 2 + 7)).map { entry("\($0)", title: "Garden \($0)", content: "<p>bridge</p>") }
        try store.save(parsed(many), toFeed: feed.id)
        store.indexInBackground()
        store.indexInBackground()   // while it runs: looks again when done, starts no second indexer
        let deadline = Date().addingTimeInterval(20)
        while try counts(store).pending > 0, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(try counts(store) == (0, Int64(many.count)))
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func quittingStopsTheIndexerBeforeTheLogIsFoldedIntoTheFile() async throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        let many = (1...(LibraryStore.indexingBatch * 20)).map { entry("\($0)", title: "Harbour \($0)", content: "<p>lantern</p>") }
        try store.save(parsed(many), toFeed: feed.id)
        store.indexInBackground()
        try await Task.sleep(for: .milliseconds(30))   // the indexer is at work
        try store.checkpoint()
        let log = store.path + "-wal"
        #expect(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int == 0, "the log is empty at quit")
        try await Task.sleep(for: .milliseconds(500))
        #expect(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int == 0,
                "nothing is written after it: a copy of the file alone holds the library")
        store.indexInBackground()   // stopped for good
        try await Task.sleep(for: .milliseconds(100))
        #expect(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int == 0)

        let reopened = try LibraryStore.open(path: store.path)
        #expect(try reopened.count(.all, search: "harbour \(many.count)") == 1, "what was left pending is indexed later")
        #expect(try counts(reopened) == (0, Int64(many.count)))
    }
}
