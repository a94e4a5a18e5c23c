import Foundation
import Testing
@testable import Library

/// "Load Full Article": the page behind a summary-only feed's article, fetched from the
/// loopback server, extracted, stored beside the feed's version and found by search.
@Suite struct FullArticleTests {
    /// A library subscribed to /summaries.xml and refreshed once, and its article linking to `page`.
    private func summaries(_ page: String) async throws -> (LibraryStore, TempFolder, Article) {
        let (store, folder, _) = try storeWithFeed("/summaries.xml")
        await FeedRefresher(store: store, policy: testPolicy).refresh()
        let rows = try store.articles(ArticleQuery(view: .all))
        let link = try server().url("/articles/\(page)").absoluteString
        let id = try #require(rows.first { (try? store.article(id: $0.id))??.link == link }?.id, "no article links to \(link)")
        return (store, folder, try #require(try store.article(id: id)))
    }

    @Test func theWholeArticleIsStoredBesideTheFeedsVersionAndFoundBySearch() async throws {
        let (store, folder, article) = try await summaries("funicular")
        #expect(try store.articles(ArticleQuery(view: .all, search: "greased")).isEmpty, "the summary does not say it")
        let full = try await FullArticleLoader(store: store, policy: testPolicy).load(articleID: article.id)
        #expect(full.text.contains("cables are greased by hand"))
        #expect(full.text.contains("Lectern/9.9-test"), "fetched with the refresher's User-Agent: \(full.text)")
        #expect(!full.text.contains("Privacy") && !full.text.contains("About"), "navigation and footer are left out")

        let reopened = try LibraryStore.open(path: folder.path("library.sqlite"))
        let stored = try #require(try reopened.article(id: article.id))
        #expect(stored.fullArticle?.text == full.text, "kept across a restart")
        #expect(stored.content == article.content && stored.summary == article.summary, "the feed's own body is kept")
        #expect(stored.readerDocument.paragraphs(withAltText: false).contains { $0.contains("thirty years") },
                "the reader shows the full article")
        #expect(try reopened.articles(ArticleQuery(view: .all, search: "greased")).map(\.id) == [article.id])
        #expect(try reopened.articles(ArticleQuery(view: .all, search: "funicular")).map(\.id) == [article.id],
                "the title is still searched")

        // A later refresh of the feed (even a changed article) keeps the full text searchable.
        try reopened.save(parsed([entry("funicular", title: "The last funicular, updated",
                                        link: article.link, summary: "<p>A new summary</p>")], title: "Summaries"),
                          toFeed: article.feedID)
        #expect(try reopened.articles(ArticleQuery(view: .all, search: "greased")).map(\.id) == [article.id])
    }

    @Test(arguments: [
        ("menu", "mostly links"),
        ("paper", "a PDF"),
        ("missing", "HTTP 404"),
    ])
    func pagesWithoutAnArticleSayWhyAndStoreNothing(page: String, reason: String) async throws {
        let (store, folder, article) = try await summaries(page)
        _ = folder
        do {
            try await FullArticleLoader(store: store, policy: testPolicy).load(articleID: article.id)
            Issue.record("\(page) gave an article")
        } catch {
            #expect(error.description.contains(reason), "\(error)")
        }
        #expect(try store.article(id: article.id)?.fullArticle == nil)
        #expect(try store.article(id: article.id)?.readerDocument == article.readerDocument, "the feed's version stays")
    }

    @Test func onlyWebAddressesAreLoaded() throws {
        func article(_ link: String?) -> Article {
            Article(id: 1, feedID: 1, guid: "g", link: link, title: nil, published: nil, updated: nil, sortDate: Date(),
                    authors: [], summary: nil, content: nil, categories: [], enclosures: [], thumbnailURL: nil,
                    arrived: Date(), read: false, starred: false)
        }
        #expect(throws: FullArticleFailure.noLink) { try FullArticleLoader.pageURL(of: article(nil), feedURL: "https://a.example/feed") }
        #expect(throws: FullArticleFailure.notAWebAddress("file:///etc/passwd")) {
            try FullArticleLoader.pageURL(of: article("file:///etc/passwd"), feedURL: "https://a.example/feed")
        }
        #expect(throws: FullArticleFailure.notAWebAddress("javascript:alert(1)")) {
            try FullArticleLoader.pageURL(of: article("javascript:alert(1)"), feedURL: "https://a.example/feed")
        }
        #expect(try FullArticleLoader.pageURL(of: article("file:///tmp/post.html"), feedURL: "file:///tmp/feed.xml").isFileURL,
                "a local feed may point at local pages")
        #expect(try FullArticleLoader.pageURL(of: article("https://a.example/post"), feedURL: nil).host == "a.example")
    }

    @Test func theAlwaysSwitchIsRememberedPerFeed() throws {
        let (store, folder) = try makeStore()
        let first = try store.addFeed(url: "https://a.example/feed.xml")
        let second = try store.addFeed(url: "https://b.example/feed.xml")
        #expect(try store.feed(id: first.id)?.alwaysFullArticle == false)
        try store.setAlwaysFullArticle(true, feedID: first.id)
        let reopened = try LibraryStore.open(path: folder.path("library.sqlite"))
        #expect(try reopened.feed(id: first.id)?.alwaysFullArticle == true)
        #expect(try reopened.feed(id: second.id)?.alwaysFullArticle == false)
        #expect(throws: StorageError.notFound(what: "The feed")) { try reopened.setAlwaysFullArticle(true, feedID: 999) }
    }

    @Test func unsubscribingTakesTheFullArticlesWithIt() async throws {
        let (store, folder, article) = try await summaries("funicular")
        _ = folder
        try await FullArticleLoader(store: store, policy: testPolicy).load(articleID: article.id)
        try store.deleteFeed(article.feedID)
        #expect(try store.read { database throws(StorageError) in try database.scalar("SELECT count(*) FROM full_articles") } == 0)
        #expect(try store.integrityCheck() == "ok")
    }
}
