import Foundation
import Library
import Testing
@testable import Sync

/// Sync against Fixtures/miniflux_server.py, a loopback Miniflux written from Miniflux's API
/// reference: Basic or API-key sign-in, categories, feeds and their icons, entries paged by id,
/// `changed_after`, the toggling bookmark (and, with `--set-starred`, the 2026 way to set a star).
@Suite struct MinifluxTests {
    typealias Server = APIFixtureServer
    static let now = Int(Date().timeIntervalSince1970)

    /// Categories All, Drinks and an empty Reading; Tea Notes (with an icon) in Drinks, Rail (none)
    /// in All; three recent entries (Sencha read and starred), an old starred one and an old read one
    /// (outside the window: not fetched); and the web the server can fetch: a site whose page
    /// links to its feed, and Tea Notes' feed.
    static var library: [String: Any] { [
        "categories": [["id": 1, "title": "All"], ["id": 2, "title": "Drinks"], ["id": 3, "title": "Reading"]],
        "feeds": [["id": 1, "title": "Tea Notes", "feed_url": "https://tea.example/feed", "site_url": "https://tea.example/", "category_id": 2],
                  ["id": 2, "title": "Rail", "feed_url": "https://rail.example/atom", "site_url": "https://rail.example/", "category_id": 1,
                   "icon": false]],
        "entries": [entry(11, feed: 1, "Oolong", age: 3600), entry(12, feed: 1, "Sencha", age: 7200, status: "read", starred: true),
                    entry(13, feed: 2, "Funicular", age: 60), entry(4, feed: 2, "Timetable", age: 90 * 86400, status: "read", starred: true),
                    entry(5, feed: 2, "Archive", age: 90 * 86400, status: "read")],
        "web": ["https://bees.example/feed": ["title": "Bees", "items": [["title": "Hives", "url": "https://bees.example/hives"],
                                                                         ["title": "Honey", "url": "https://bees.example/honey"]]],
                "https://bees.example/": ["links_to": "https://bees.example/feed"],
                "https://tea.example/feed": ["title": "Tea Notes", "items": []]],
    ] }

    static func entry(_ id: Int, feed: Int, _ title: String, age: Int, status: String = "unread", starred: Bool = false) -> [String: Any] {
        ["id": id, "feed_id": feed, "title": title, "url": "https://example.org/\(title.lowercased())", "content": "<p>About \(title)</p>",
         "published": now - age, "status": status, "starred": starred]
    }

    private func synced(_ server: Server, password: String = "wonderland") async throws -> (AccountService, TempFolder, Account) {
        try await server.syncedAccount(.miniflux, library: Self.library, password: password)
    }

    /// "Refresh Feed": the server fetches the feed now, and the sync after it brings what it found;
    /// a feed the server cannot fetch is its refusal in its own words, losing nothing.
    @Test func aFeedRefreshedOnTheServerBringsWhatTheServerFoundNow() async throws {
        let server = try await Server("miniflux_server.py")
        var library = Self.library
        var web = try #require(library["web"] as? [String: Any])
        // Tea Notes' site has posted Matcha since Miniflux last fetched it.
        web["https://tea.example/feed"] = ["title": "Tea Notes", "items": [["title": "Matcha", "url": "https://example.org/matcha"]]]
        library["web"] = web
        let (service, folder, _) = try await server.syncedAccount(.miniflux, library: library)
        _ = folder
        let store = service.store
        let tea = try #require(try store.feeds().first { $0.title == "Tea Notes" })
        let rail = try #require(try store.feeds().first { $0.title == "Rail" })
        #expect(try !store.articles(ArticleQuery(view: .all)).contains { $0.title == "Matcha" }, "not fetched by the server yet")

        let summary = try await service.refreshOnServer(feedID: tea.id).get()
        #expect(summary.newArticles == 1, "\(summary)")
        #expect(try store.articles(ArticleQuery(view: .all)).contains { $0.title == "Matcha" && $0.feedID == tea.id })
        #expect(try await server.calls(to: "/v1/feeds/1/refresh").count == 1)

        // Rail's address gives the server no feed: Miniflux's 500 with its message.
        let failure = try #require(await service.refreshOnServer(feedID: rail.id).failure)
        #expect(failure.description.contains("parser: unable to detect feed format"), "\(failure)")
        #expect(try store.count(.all) == 5, "nothing lost")
    }

    @Test func anIconTheServerCannotGiveIsAskedForOnce() async throws {
        let server = try await Server("miniflux_server.py")
        var library = Self.library
        var feeds = try #require(library["feeds"] as? [[String: Any]])
        feeds[0]["icon"] = "broken"   // Tea Notes: an icon_id, and a 404 for its icon
        library["feeds"] = feeds
        let (service, folder, account) = try await server.syncedAccount(.miniflux, library: library)
        _ = folder
        for _ in 0..<2 { _ = try await service.sync(account).get() }
        let asked = try await server.state("icon_requests") as? Int
        #expect(asked == 1, "the missing icon was asked for \(asked ?? -1) times in three syncs")
        #expect(try service.store.feeds().allSatisfy { $0.iconURL == nil })
    }

    @Test func theFirstSyncBringsCategoriesFeedsIconsArticlesAndState() async throws {
        let server = try await Server("miniflux_server.py")
        let (service, folder, _) = try await synced(server)
        _ = folder
        let store = service.store
        #expect(try store.feeds().map(\.title) == ["Rail", "Tea Notes"])
        #expect(try Set(store.folders().map(\.title)) == ["All", "Drinks", "Reading"], "every category, the empty one too")
        #expect(try store.feeds().first { $0.title == "Tea Notes" }?.folderID == store.folders().first { $0.title == "Drinks" }?.id)
        let tea = try #require(try store.feeds().first { $0.title == "Tea Notes" })
        #expect(tea.iconURL?.hasPrefix("data:image/png;base64,iVBOR") == true, "the server's icon, as a data: address")
        #expect(try store.feeds().first { $0.title == "Rail" }?.iconURL == nil, "no icon_id: none asked for")
        let rows = try store.articles(ArticleQuery(view: .all))
        #expect(Set(rows.map(\.title)) == ["Oolong", "Sencha", "Funicular", "Timetable"])
        #expect(try store.count(.unread) == 2 && store.count(.starred) == 2)
        let oolongRow = try #require(rows.first { $0.title == "Oolong" })
        let oolong = try #require(try store.article(id: oolongRow.id))
        #expect(oolong.content == "<p>About Oolong</p>" && oolong.link == "https://example.org/oolong")
        // Published an hour ago, written in the user's time zone (-05:00) with microseconds.
        #expect(abs((oolong.published?.timeIntervalSince1970 ?? 0) - Double(Self.now - 3600)) < 1)
    }

    @Test(arguments: [false, true])
    func changesGoBothWaysAndLaterSyncsAskOnlyForWhatMoved(setsStarred: Bool) async throws {
        let server = try await Server("miniflux_server.py", setsStarred ? ["--set-starred"] : [])
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        let rows = try store.articles(ArticleQuery(view: .all))
        func id(_ title: String) throws -> Int64 { try #require(rows.first { $0.title == title }).id }

        // Here → server.
        try store.setRead([try id("Oolong")], true)
        try store.setStarred([try id("Funicular")], true)
        try store.setStarred([try id("Sencha")], false)
        // A star the server already has (set there too, before this sync): it stays.
        try store.queueChange(accountID: account.id, kind: .starred, target: "4", value: "1")
        try await server.control("log/clear", [String: Any]())
        let sent = try await service.sync(account).get()
        #expect(sent.sent == 4 && sent.dropped.isEmpty, "\(sent)")
        #expect(try await server.entry(4)?.starred == true, "a bookmark is toggled only where the star differs")
        #expect(try await server.entry(11)?.status == "read")
        #expect(try await server.entry(13)?.starred == true)
        #expect(try await server.entry(12)?.starred == false)
        let toggles = try await server.calls(to: "/bookmark")
        #expect(toggles.count == (setsStarred ? 0 : 2), "a bookmark is toggled only where the server cannot set a star: \(toggles)")

        // Server → here: Funicular read and Oolong starred in Miniflux's web page; a new entry.
        try await server.control("change", ["id": 13, "status": "read"])
        try await server.control("change", ["id": 11, "starred": true])
        try await server.control("entries", ["entries": [Self.entry(14, feed: 1, "Matcha", age: 5)]])
        try await server.control("log/clear", [String: Any]())
        let pulled = try await service.sync(account).get()
        #expect(pulled.stateChanges == 2 && pulled.newArticles == 1, "\(pulled)")
        #expect(try store.count(.unread) == 1)
        #expect(Set(try store.articles(ArticleQuery(view: .starred)).map(\.title)) == ["Oolong", "Funicular", "Timetable"])
        let asked = try await server.calls(to: "/v1/entries")
        #expect(asked.allSatisfy { $0.contains("after_entry_id=13") || $0.contains("after_entry_id=14") || $0.contains("changed_after=") },
                "only entries above the newest seen, and those changed since the last sync: \(asked)")
    }

    @Test func subscribingRenamingMovingAndUnsubscribingAreDoneOnTheServer() async throws {
        let server = try await Server("miniflux_server.py")
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        // A page's address is enough (discover), into a category the server does not have yet.
        try store.queueChange(accountID: account.id, kind: .subscribe, target: "https://bees.example/", value: "Insects")
        let subscribed = try await service.sync(account).get()
        #expect(subscribed.sent == 1 && subscribed.feedsAdded == 1 && subscribed.newArticles == 2, "\(subscribed)")
        let categories = (try await server.state("categories") as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(categories.contains("Insects"))
        let bees = try #require(try store.feeds().first { $0.url == "https://bees.example/feed" })
        #expect(bees.folderID == (try store.folders().first { $0.title == "Insects" }?.id))

        try store.renameFeed(bees.id, to: "Honeybees")
        try store.moveFeed(bees.id, toFolder: try #require(try store.folders().first { $0.title == "Drinks" }).id)
        #expect(try await service.sync(account).get().sent == 2)
        let feeds = try await server.state("feeds") as? [[String: Any]] ?? []
        let served = try #require(feeds.first { $0["feed_url"] as? String == "https://bees.example/feed" })
        #expect(served["title"] as? String == "Honeybees" && served["category_id"] as? Int == 2)

        // Refusals are named and dropped, never retried forever.
        try store.queueChange(accountID: account.id, kind: .subscribe, target: "https://nothing.example/", value: nil)
        try store.queueChange(accountID: account.id, kind: .subscribe, target: "https://tea.example/feed", value: nil)
        try store.queueChange(accountID: account.id, kind: .move, target: String(2), value: nil)
        let refused = try await service.sync(account).get()
        #expect(refused.dropped.count == 3, "\(refused.dropped)")
        #expect(refused.dropped[0].contains("found no feed"), "\(refused.dropped)")
        #expect(refused.dropped[1].contains("This feed already exists."), "the server's own words: \(refused.dropped)")
        #expect(refused.dropped[2].contains("category"), "\(refused.dropped)")
        #expect(try store.pendingChanges(accountID: account.id).isEmpty)

        try store.deleteFeed(bees.id)
        let removed = try await service.sync(account).get()
        #expect(removed.sent == 1)
        let left = try await server.state("feeds") as? [Any]
        #expect(left?.count == 2, "Tea Notes and Rail are left on the server")
        #expect(try !store.feeds().contains { $0.url == "https://bees.example/feed" })
    }

    @Test func aFolderRenamedOrDeletedHereIsSoOnTheServerAndItsFeedsStay() async throws {
        let server = try await Server("miniflux_server.py")
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        try store.renameFolder(try #require(try store.folders().first { $0.title == "Drinks" }).id, to: "Beverages")
        #expect(try await service.sync(account).get().sent == 1)
        let titles = (try await server.state("categories") as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(titles.contains("Beverages") && !titles.contains("Drinks"), "\(titles)")
        let beverages = try #require(try store.folders().first { $0.title == "Beverages" })
        #expect(try store.feeds().first { $0.title == "Tea Notes" }?.folderID == beverages.id)

        // Miniflux would delete the category's feeds with it: Tea Notes moves to All first.
        try store.deleteFolder(beverages.id)
        #expect(try await service.sync(account).get().sent == 1)
        #expect((try await server.state("feeds") as? [Any])?.count == 2, "no feed was deleted on the server")
        #expect(try store.count(.all) == 4)
        #expect(try store.feeds().first { $0.title == "Tea Notes" }?.folderID == store.folders().first { $0.title == "All" }?.id)
    }

    @Test func anAPIKeySignsInAsWellAndAWrongSecretIsRefused() async throws {
        let server = try await Server("miniflux_server.py")
        let (service, folder, _) = try await synced(server, password: "alice-api-key")
        _ = folder
        #expect(try service.store.count(.all) == 4)
        let (other, otherFolder) = try makeService()
        _ = otherFolder
        do {
            _ = try await other.addAccount(kind: .miniflux, server: server.base, user: "alice", password: "wrong")
            Issue.record("a wrong password was accepted")
        } catch {
            #expect(error == .wrongCredentials(server: "127.0.0.1"))
        }
        #expect(try other.store.accounts().isEmpty, "nothing is kept from a failed attempt")
    }

    @Test(arguments: BrokenAnswer.allCases)
    func aBrokenAnswerIsAClearErrorAndLosesNothing(_ broken: BrokenAnswer) async throws {
        let server = try await Server("miniflux_server.py")
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        let oolong = try #require(try store.articles(ArticleQuery(view: .unread)).first { $0.title == "Oolong" })
        try store.setRead([oolong.id], true)
        try await server.control("fault", broken.fault(at: "/v1/entries"))
        try await broken.expectClearFailure(syncing: account, with: service, articles: 4)
        try await server.control("fault/clear", [String: Any]())
        _ = try await service.sync(account).get()
        if broken == .forbidden {
            // The 403 answered the change itself too (PUT /v1/entries): the server's refusal of it,
            // dropped with a notice rather than tried at every sync.
            #expect(try await server.entry(11)?.status == "unread")
            #expect(try store.pendingChanges(accountID: account.id).isEmpty)
        } else {
            #expect(try await server.entry(11)?.status == "read", "the change was kept and sent once the server was well")
        }
    }
}

extension APIFixtureServer {
    /// A Miniflux fixture's status and star of entry `id`.
    func entry(_ id: Int) async throws -> (status: String, starred: Bool)? {
        guard let entry = (try await state("entries") as? [String: Any])?[String(id)] as? [String: Any] else { return nil }
        return (entry["status"] as? String ?? "", entry["starred"] as? Bool ?? false)
    }
}
