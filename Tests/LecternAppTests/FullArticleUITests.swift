import Foundation
import Library
import Testing
import TestSupport

/// "Load Full Article" in the running window, against a summary-only feed on loopback.
@Suite("Full articles in the window", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct FullArticleUITests {
    /// A sandbox subscribed to the site's summary-only feed, refreshed; its library; the two articles by title.
    private func subscribed(to server: SiteServer) async throws -> (LecternSandbox, LibraryStore, [String: ArticleRow]) {
        let sandbox = try await LecternSandbox()
        let feed = "http://127.0.0.1:\(server.port)/summaries.xml"
        let added = await sandbox.run(["--batch", "--add-feed", feed], environment: ["DISPLAY": nil])
        try #require(added.status == 0, "\(added.stderr)")
        let store = try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
        let rows = try store.articles(ArticleQuery(view: .all))
        return (sandbox, store, Dictionary(uniqueKeysWithValues: rows.map { ($0.title ?? "", $0) }))
    }

    @Test func oneKeyShowsTheWholeArticleKeptForLaterAndFoundBySearch() async throws {
        let server = try await SiteServer()
        let (sandbox, store, articles) = try await subscribed(to: server)
        let article = try #require(articles["The last funicular"])
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        await sandbox.activate("next-article")        // j: the newest, the funicular
        await sandbox.activate("load-full-article")   // f
        #expect(await eventually(timeout: 20) { (try? store.article(id: article.id))??.fullArticle != nil }, "stored")
        let stored = try #require(try store.article(id: article.id))
        #expect(stored.fullArticle?.text.contains("cables are greased by hand") == true)
        #expect(stored.summary == "A short summary of the funicular.", "the feed's own version is kept")
        #expect(try store.articles(ArticleQuery(view: .all, search: "greased")).map(\.id) == [article.id])
        // The reader now shows the page's photo, which the summary does not have.
        let shot = sandbox.root.appending(path: "full.png").path
        #expect(await eventually(timeout: 15) {
            await sandbox.run(["--screenshot", shot]).answered(by: app) && (PNGImage(path: shot)?.count(of: "#3070c0") ?? 0) > 20_000
        }, "the full article's photo is drawn in the reader")

        // Offline later: the site is gone, the article is not.
        app.stop()
        let fetches = server.hits("/articles/funicular")
        #expect(fetches == 1)
        let again = try sandbox.start([])
        defer { again.stop() }
        try #require(await sandbox.lecternIsRunning())
        await sandbox.activate("next-article")
        let reopened = sandbox.root.appending(path: "reopened.png").path
        #expect(await eventually(timeout: 15) {
            await sandbox.run(["--screenshot", reopened]).answered(by: again) && (PNGImage(path: reopened)?.count(of: "#3070c0") ?? 0) > 20_000
        }, "shown again after a restart")
        #expect(server.hits("/articles/funicular") == fetches, "from the library, not the site")
    }

    @Test func aPageThatFailsSaysWhyAndTheFeedsVersionStays() async throws {
        let server = try await SiteServer()
        let (sandbox, store, articles) = try await subscribed(to: server)
        let article = try #require(articles["A page that is gone"])
        let log = sandbox.root.appending(path: "lectern.log")
        let app = try sandbox.start([], log: log)
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        await sandbox.activate("next-article")
        await sandbox.activate("next-article")        // the older one, whose page is gone
        await sandbox.activate("load-full-article")
        #expect(await eventually(timeout: 20) {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.contains("Could not load the full article") && text.contains("HTTP 404")
        }, "the notice says why")
        #expect(server.hits("/articles/missing") == 1)
        #expect(try store.article(id: article.id)?.fullArticle == nil)
    }

    @Test func theFeedsAlwaysSwitchLoadsTheFullArticleOnOpen() async throws {
        let server = try await SiteServer()
        let (sandbox, store, articles) = try await subscribed(to: server)
        let article = try #require(articles["The last funicular"])
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        await sandbox.activate("always-full-article", "[<'\(article.feedID)'>]")   // the feed's context menu item
        #expect(await eventually(timeout: 5) { (try? store.feed(id: article.feedID))??.alwaysFullArticle == true })
        await sandbox.activate("next-article")        // opening is enough: no key pressed
        #expect(await eventually(timeout: 20) { (try? store.article(id: article.id))??.fullArticle != nil })
        // A page that fails is tried once a session, not at every opening.
        await sandbox.activate("next-article")
        #expect(await eventually(timeout: 20) { server.hits("/articles/missing") == 1 })
        await sandbox.activate("previous-article")
        await sandbox.activate("next-article")
        let back = sandbox.root.appending(path: "back.png").path
        #expect(await sandbox.run(["--screenshot", back]).answered(by: app), "the window has handled the moves")
        #expect(server.hits("/articles/missing") == 1)
        await sandbox.activate("always-full-article", "[<'\(article.feedID)'>]")   // and off again
        #expect(await eventually(timeout: 5) { (try? store.feed(id: article.feedID))??.alwaysFullArticle == false })
    }
}
