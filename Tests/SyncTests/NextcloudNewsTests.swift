import Foundation
import Library
import Testing
@testable import Sync

/// Sync against Fixtures/nextcloud_news_server.py, a loopback Nextcloud News written from the
/// News app's API reference (v1-3) and its controllers: folders, feeds, items paged newest first
/// by id, `items/updated`, POST for every change, `itemIds`.
@Suite struct NextcloudNewsTests {
    typealias Server = APIFixtureServer
    static let now = Int(Date().timeIntervalSince1970)

    /// Folders Drinks and an empty Reading; Tea Notes in Drinks, Rail in no folder; three recent
    /// items (Sencha read and starred), an old starred one and an old read one (outside the window);
    /// the web the server can fetch: a site whose page links to its feed, and Tea Notes' feed.
    static var library: [String: Any] { [
        "folders": [["id": 1, "name": "Drinks"], ["id": 2, "name": "Reading"]],
        "feeds": [["id": 1, "title": "Tea Notes", "url": "https://tea.example/feed", "link": "https://tea.example/", "folderId": 1],
                  ["id": 2, "title": "Rail", "url": "https://rail.example/atom", "link": "https://rail.example/", "folderId": NSNull()]],
        "items": [item(11, feed: 1, "Oolong", age: 3600), item(12, feed: 1, "Sencha", age: 7200, unread: false, starred: true),
                  item(13, feed: 2, "Funicular", age: 60), item(4, feed: 2, "Timetable", age: 90 * 86400, unread: false, starred: true),
                  item(5, feed: 2, "Archive", age: 90 * 86400, unread: false)],
        "web": ["https://bees.example/feed": ["title": "Bees", "items": [["title": "Hives", "url": "https://bees.example/hives"],
                                                                         ["title": "Honey", "url": "https://bees.example/honey"]]],
                "https://bees.example/": ["links_to": "https://bees.example/feed"]],
    ] }

    static func item(_ id: Int, feed: Int, _ title: String, age: Int, unread: Bool = true, starred: Bool = false) -> [String: Any] {
        ["id": id, "feedId": feed, "title": title, "url": "https://example.org/\(title.lowercased())", "body": "<p>About \(title)</p>",
         "pubDate": now - age, "unread": unread, "starred": starred]
    }

    private func synced(_ server: Server, password: String = "wonderland") async throws -> (AccountService, TempFolder, Account) {
        try await server.syncedAccount(.nextcloudNews, library: Self.library, password: password)
    }

    @Test func theFirstSyncBringsFoldersFeedsArticlesAndState() async throws {
        let server = try await Server("nextcloud_news_server.py")
        let (service, folder, _) = try await synced(server)
        _ = folder
        let store = service.store
        #expect(try store.feeds().map(\.title) == ["Rail", "Tea Notes"])
        #expect(try Set(store.folders().map(\.title)) == ["Drinks", "Reading"], "every folder, the empty one too")
        #expect(try store.feeds().first { $0.title == "Tea Notes" }?.folderID == store.folders().first { $0.title == "Drinks" }?.id)
        #expect(try store.feeds().first { $0.title == "Rail" }?.folderID == nil, "folderId null: no folder")
        #expect(try store.feeds().allSatisfy { $0.iconURL == nil }, "faviconLink is the origin site's: not taken")
        let rows = try store.articles(ArticleQuery(view: .all))
        #expect(Set(rows.map(\.title)) == ["Oolong", "Sencha", "Funicular", "Timetable"])
        #expect(try store.count(.unread) == 2 && store.count(.starred) == 2)
        let oolongRow = try #require(rows.first { $0.title == "Oolong" })
        let oolong = try #require(try store.article(id: oolongRow.id))
        #expect(oolong.content == "<p>About Oolong</p>" && oolong.link == "https://example.org/oolong")
    }

    @Test func changesGoBothWaysAndLaterSyncsAskOnlyForWhatChanged() async throws {
        let server = try await Server("nextcloud_news_server.py")
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        let rows = try store.articles(ArticleQuery(view: .all))
        func id(_ title: String) throws -> Int64 { try #require(rows.first { $0.title == title }).id }

        try store.setRead([try id("Oolong")], true)
        try store.setStarred([try id("Funicular")], true)
        try store.setStarred([try id("Sencha")], false)
        let sent = try await service.sync(account).get()
        #expect(sent.sent == 3 && sent.dropped.isEmpty, "\(sent)")
        #expect(try await server.item(11)?.unread == false)
        #expect(try await server.item(13)?.starred == true)
        #expect(try await server.item(12)?.starred == false)

        // Server → here: Funicular read and Oolong starred in Nextcloud; a new item.
        try await server.control("change", ["id": 13, "unread": false])
        try await server.control("change", ["id": 11, "starred": true])
        try await server.control("items", ["items": [Self.item(14, feed: 1, "Matcha", age: 5)]])
        try await server.control("log/clear", [String: Any]())
        let pulled = try await service.sync(try #require(try store.account(id: account.id))).get()
        #expect(pulled.stateChanges == 2 && pulled.newArticles == 1, "\(pulled)")
        #expect(try store.count(.unread) == 1)
        #expect(Set(try store.articles(ArticleQuery(view: .starred)).map(\.title)) == ["Oolong", "Funicular", "Timetable"])
        #expect(try await server.calls(to: "/items").isEmpty, "no paging through every item again")
        #expect(try await server.calls(to: "/items/updated").count == 1)
    }

    @Test func subscribingRenamingMovingAndUnsubscribingAreDoneOnTheServer() async throws {
        let server = try await Server("nextcloud_news_server.py")
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        try store.queueChange(accountID: account.id, kind: .subscribe, target: "https://bees.example/", value: "Insects")
        let subscribed = try await service.sync(account).get()
        #expect(subscribed.sent == 1 && subscribed.feedsAdded == 1 && subscribed.newArticles == 2, "\(subscribed)")
        let bees = try #require(try store.feeds().first { $0.url == "https://bees.example/feed" })
        #expect(bees.folderID == (try store.folders().first { $0.title == "Insects" }?.id), "into a folder the server made")

        try store.renameFeed(bees.id, to: "Honeybees")
        try store.moveFeed(bees.id, toFolder: try #require(try store.folders().first { $0.title == "Drinks" }).id)
        #expect(try await service.sync(account).get().sent == 2)
        var served = try #require((try await server.state("feeds") as? [[String: Any]] ?? []).first { $0["url"] as? String == "https://bees.example/feed" })
        #expect(served["title"] as? String == "Honeybees" && served["folderId"] as? Int == 1)
        // Nextcloud News keeps feeds outside any folder too.
        try store.queueChange(accountID: account.id, kind: .move, target: String(try #require(served["id"] as? Int)), value: nil)
        #expect(try await service.sync(account).get().sent == 1)
        served = try #require((try await server.state("feeds") as? [[String: Any]] ?? []).first { $0["url"] as? String == "https://bees.example/feed" })
        #expect(served["folderId"] is NSNull)
        #expect(try store.feeds().first { $0.url == "https://bees.example/feed" }?.folderID == nil)

        try store.queueChange(accountID: account.id, kind: .subscribe, target: "https://nothing.example/", value: nil)
        try store.queueChange(accountID: account.id, kind: .subscribe, target: "https://tea.example/feed", value: nil)
        let refused = try await service.sync(account).get()
        #expect(refused.dropped.count == 2, "\(refused.dropped)")
        #expect(refused.dropped.first?.contains("Could not find a feed") == true, "\(refused.dropped)")
        #expect(refused.dropped.last?.contains("Feed with this URL exists") == true, "\(refused.dropped)")

        try store.deleteFeed(try #require(try store.feeds().first { $0.url == "https://bees.example/feed" }).id)
        #expect(try await service.sync(account).get().sent == 1)
        #expect((try await server.state("feeds") as? [[String: Any]] ?? []).count == 2)
    }

    @Test func aFolderRenamedOrDeletedHereIsSoOnTheServerAndItsFeedsStay() async throws {
        let server = try await Server("nextcloud_news_server.py")
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        try store.renameFolder(try #require(try store.folders().first { $0.title == "Drinks" }).id, to: "Beverages")
        #expect(try await service.sync(account).get().sent == 1)
        let names = (try await server.state("folders") as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(Set(names) == ["Beverages", "Reading"], "\(names)")

        // News deletes a folder's feeds with it: Tea Notes leaves the folder first.
        try store.deleteFolder(try #require(try store.folders().first { $0.title == "Beverages" }).id)
        #expect(try await service.sync(account).get().sent == 1)
        #expect((try await server.state("feeds") as? [Any])?.count == 2, "no feed was deleted on the server")
        #expect(try store.count(.all) == 4 && store.feeds().allSatisfy { $0.folderID == nil })
        #expect(try store.folders().map(\.title) == ["Reading"])
    }

    /// A server that lists v1-4 ("What's new in API v1-4") is spoken to at that level, and its
    /// items are paged with `offsetId`, which replaced v1-3's `offset` (the fake reads only the
    /// parameter of the level asked).
    @Test func aServerListingV14IsPagedWithOffsetId() async throws {
        let server = try await Server("nextcloud_news_server.py")
        let count = NextcloudNewsSync.pageSize * 2 + 50
        var library = Self.library
        library["apiLevels"] = ["v1-2", "v1-3", "v1-4"]
        library["items"] = (1...count).map { Self.item($0, feed: 1, "Leaf \($0)", age: 60 + $0) }
        try await server.control("reset", library)
        let (service, folder) = try makeService(timeout: 3)
        _ = folder
        let account = try await service.addAccount(kind: .nextcloudNews, server: server.base, user: "alice", password: "wonderland")
        #expect(try await service.sync(account).get().newArticles == count)
        #expect(try service.store.count(.all) == count, "every page, none twice")
        let pages = try await server.calls(to: "/items")
        // Three pages of every item, then the starred ones (none).
        #expect(pages.count == 4 && pages.allSatisfy { $0.contains("/api/v1-4/items?") }, "\(pages)")
        #expect(pages.allSatisfy { $0.contains("offsetId=") && !$0.contains("offset=") }, "\(pages)")
        let v13 = try await server.calls(to: "").filter { $0.contains("/v1-3/") }
        #expect(v13.isEmpty, "nothing asked at v1-3: \(v13)")
    }

    @Test func anAppPasswordSignsInAWrongOneIsRefusedAndAServerWithoutNewsIsNamed() async throws {
        let server = try await Server("nextcloud_news_server.py")
        let (service, folder, _) = try await synced(server, password: "alice-app-password")
        _ = folder
        #expect(try service.store.count(.all) == 4)
        let (other, otherFolder) = try makeService()
        _ = otherFolder
        await #expect(throws: SyncError.wrongCredentials(server: "127.0.0.1")) {
            _ = try await other.addAccount(kind: .nextcloudNews, server: server.base, user: "alice", password: "wrong")
        }
        // A web server with no News app there: the fixture server of another protocol.
        let miniflux = try await FixtureProcess("miniflux_server.py")
        let port = try #require(Int(miniflux.firstLine))
        do {
            _ = try await other.addAccount(kind: .nextcloudNews, server: "http://127.0.0.1:\(port)", user: "alice", password: "wonderland")
            Issue.record("a server without the News app was taken")
        } catch {
            #expect(error.description.contains("Nextcloud News API"), "\(error)")
        }
        #expect(try other.store.accounts().isEmpty, "nothing is kept from a failed attempt")
    }

    @Test(arguments: BrokenAnswer.allCases)
    func aBrokenAnswerIsAClearErrorAndLosesNothing(_ broken: BrokenAnswer) async throws {
        let server = try await Server("nextcloud_news_server.py")
        let (service, folder, account) = try await synced(server)
        _ = folder
        let oolong = try #require(try service.store.articles(ArticleQuery(view: .unread)).first { $0.title == "Oolong" })
        try service.store.setRead([oolong.id], true)
        try await server.control("fault", broken.fault(at: "/items/updated"))
        try await broken.expectClearFailure(syncing: account, with: service, articles: 4)
        try await server.control("fault/clear", [String: Any]())
        _ = try await service.sync(account).get()
        #expect(try await server.item(11)?.unread == false, "the change went before the broken call, and was kept")
    }
}

extension APIFixtureServer {
    /// A Nextcloud News fixture's unread and starred flags of item `id`.
    func item(_ id: Int) async throws -> (unread: Bool, starred: Bool)? {
        guard let item = (try await state("items") as? [String: Any])?[String(id)] as? [String: Any] else { return nil }
        return (item["unread"] as? Bool ?? false, item["starred"] as? Bool ?? false)
    }
}
