import Foundation
import Library
import Testing
@testable import Sync

/// Sync against Fixtures/feedbin_server.py, a loopback Feedbin written from Feedbin's API
/// reference (v2): subscriptions known by feed id, taggings as folders, the Links header, id lists
/// of unread and starred entries, 300/302 on subscribing, icons by host.
@Suite struct FeedbinTests {
    typealias Server = APIFixtureServer

    static let email = "ann@example.org", password = "hunter2-feedbin"

    /// Tea Notes tagged Drinks and Rail untagged; 150 recent entries of Rail (two pages) and the
    /// usual five, of which Oolong, Funicular and the Rail ones are unread, Sencha and Timetable
    /// starred; Archive and Timetable made 90 days ago (outside the window); the web the server can
    /// fetch: a page offering two feeds, and those feeds.
    static var library: [String: Any] { [
        "feeds": [["id": 1, "title": "Tea Notes", "feed_url": "https://tea.example/feed", "site_url": "https://tea.example/", "tags": ["Drinks"]],
                  ["id": 2, "title": "Rail", "feed_url": "https://rail.example/atom", "site_url": "https://rail.example/"]],
        "entries": [entry(11, feed: 1, "Oolong", age: 3600), entry(12, feed: 1, "Sencha", age: 7200), entry(13, feed: 2, "Funicular", age: 60),
                    entry(4, feed: 2, "Timetable", age: 90 * 86400), entry(5, feed: 2, "Archive", age: 90 * 86400)]
            + (1000..<1150).map { entry($0, feed: 2, "Departure \($0)", age: 600 + $0) },
        "unread": [11, 13] + Array(1000..<1150), "starred": [12, 4],
        "icons": ["tea.example": "https://favicons.feedbin.com/tea.example.png"],
        "web": ["https://bees.example/": ["offers": ["https://bees.example/feed", "https://bees.example/comments"]],
                "https://bees.example/feed": ["title": "Bees", "entries": [["title": "Hives", "url": "https://bees.example/hives"]]],
                "https://bees.example/comments": ["title": "Bees: comments", "entries": []]],
    ] }

    static func entry(_ id: Int, feed: Int, _ title: String, age: Int) -> [String: Any] {
        ["id": id, "feed_id": feed, "title": title, "url": "https://example.org/\(id)", "content": "<p>About \(title)</p>", "age": age]
    }

    private func synced(_ server: Server) async throws -> (AccountService, TempFolder, Account) {
        try await server.control("reset", Self.library)
        let (service, folder) = try makeService(timeout: 3)
        let account = try await service.addAccount(kind: .feedbin, server: server.base, user: Self.email, password: Self.password)
        let summary = try await service.sync(account).get()
        #expect(summary.newArticles == 154, "the window's entries (two pages) and the old starred one, not the old read one: \(summary)")
        return (service, folder, try #require(try service.store.account(id: account.id)))
    }

    @Test func theFirstSyncBringsFeedsTagsIconsArticlesAndState() async throws {
        let server = try await Server("feedbin_server.py")
        let (service, folder, _) = try await synced(server)
        _ = folder
        let store = service.store
        #expect(try store.feeds().map(\.title) == ["Rail", "Tea Notes"])
        #expect(try store.folders().map(\.title) == ["Drinks"], "a tagging is a folder")
        let tea = try #require(try store.feeds().first { $0.title == "Tea Notes" })
        #expect(tea.iconURL == "https://favicons.feedbin.com/tea.example.png", "Feedbin's favicon for the site's host")
        #expect(try store.feeds().first { $0.title == "Rail" }?.iconURL == nil)
        #expect(try store.count(.unread) == 152 && store.count(.starred) == 2)
        #expect(try store.articles(ArticleQuery(view: .starred)).compactMap(\.title).sorted() == ["Sencha", "Timetable"])
        #expect(try await server.calls(to: "/entries.json").contains { $0.contains("page=2") }, "the Links header's next page")
    }

    @Test func changesGoBothWaysAndLaterSyncsAskOnlyForNewEntries() async throws {
        let server = try await Server("feedbin_server.py")
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        let rows = try store.articles(ArticleQuery(view: .all, limit: 1000))
        func id(_ title: String) throws -> Int64 { try #require(rows.first { $0.title == title }).id }
        try store.setRead([try id("Oolong")], true)
        try store.setRead([try id("Sencha")], false)
        try store.setStarred([try id("Funicular")], true)
        try store.setStarred([try id("Sencha")], false)
        let sent = try await service.sync(account).get()
        #expect(sent.sent == 4 && sent.dropped.isEmpty, "\(sent)")
        let state = try #require(try await server.control("state") as? [String: Any])
        let unread = Set(state["unread"] as? [Int] ?? []), starred = Set(state["starred"] as? [Int] ?? [])
        #expect(!unread.contains(11) && unread.contains(12) && starred == [13, 4], "\(starred)")

        try await server.control("change", ["id": 13, "unread": false])
        try await server.control("change", ["id": 11, "starred": true])
        try await server.control("entries", ["entries": [Self.entry(14, feed: 1, "Matcha", age: 0)]])
        try await server.control("log/clear", [String: Any]())
        let pulled = try await service.sync(try #require(try store.account(id: account.id))).get()
        #expect(pulled.stateChanges == 2 && pulled.newArticles == 1, "\(pulled)")
        let asked = try await server.calls(to: "/entries.json")
        #expect(asked.count == 1 && asked[0].contains("since=20"), "only what was made after the newest seen: \(asked)")
    }

    @Test func subscribingRenamingMovingAndUnsubscribingAreDoneOnTheServer() async throws {
        let server = try await Server("feedbin_server.py")
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        // A page offering two feeds (300): the first is taken, tagged with a folder of its own.
        try store.queueChange(accountID: account.id, kind: .subscribe, target: "https://bees.example/", value: "Insects")
        let subscribed = try await service.sync(account).get()
        #expect(subscribed.sent == 1 && subscribed.feedsAdded == 1 && subscribed.newArticles == 1, "\(subscribed)")
        let bees = try #require(try store.feeds().first { $0.url == "https://bees.example/feed" })
        #expect(bees.folderID == (try store.folders().first { $0.title == "Insects" }?.id))

        try store.renameFeed(bees.id, to: "Honeybees")
        try store.moveFeed(bees.id, toFolder: try #require(try store.folders().first { $0.title == "Drinks" }).id)
        #expect(try await service.sync(account).get().sent == 2)
        let state = try #require(try await server.control("state") as? [String: Any])
        let served = (state["subscriptions"] as? [[String: Any]] ?? []).first { $0["feed_url"] as? String == "https://bees.example/feed" }
        #expect(served?["title"] as? String == "Honeybees")
        let tags = (state["taggings"] as? [[String: Any]] ?? []).filter { $0["feed_id"] as? Int == served?["feed_id"] as? Int }
        #expect(tags.compactMap { $0["name"] as? String } == ["Drinks"], "moved: the old tagging deleted, the new one made")

        // Subscribing again to a feed already there (302) is no error; an address with no feed is refused.
        try store.queueChange(accountID: account.id, kind: .subscribe, target: "https://tea.example/feed", value: nil)
        try store.queueChange(accountID: account.id, kind: .subscribe, target: "https://nothing.example/", value: nil)
        let again = try await service.sync(account).get()
        #expect(again.sent == 1 && again.dropped.count == 1 && again.dropped[0].contains("found no feed"), "\(again)")

        try store.deleteFeed(try #require(try store.feeds().first { $0.url == "https://bees.example/feed" }).id)
        #expect(try await service.sync(account).get().sent == 1)
        #expect((try await server.state("subscriptions") as? [Any])?.count == 2)
    }

    @Test func aFolderRenamedOrDeletedHereIsSoOnTheServerAndItsFeedsStay() async throws {
        let server = try await Server("feedbin_server.py")
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        try store.renameFolder(try #require(try store.folders().first { $0.title == "Drinks" }).id, to: "Beverages")
        #expect(try await service.sync(account).get().sent == 1)
        var names = (try await server.state("taggings") as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["Beverages"], "\(names)")
        #expect(try store.folders().map(\.title) == ["Beverages"])

        try store.deleteFolder(try #require(try store.folders().first { $0.title == "Beverages" }).id)
        #expect(try await service.sync(account).get().sent == 1)
        names = (try await server.state("taggings") as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(try names.isEmpty && store.folders().isEmpty)
        let subscriptions = try await server.state("subscriptions") as? [Any]
        #expect(try subscriptions?.count == 2 && store.count(.all) == 154, "the feeds stay, untagged")
    }

    @Test func theHostedAddressIsTheDefaultAndAWrongPasswordIsRefused() async throws {
        let server = try await Server("feedbin_server.py")
        let (service, folder) = try makeService(timeout: 3)
        _ = folder
        await #expect(throws: SyncError.wrongCredentials(server: "127.0.0.1")) {
            _ = try await service.addAccount(kind: .feedbin, server: server.base, user: Self.email, password: "wrong")
        }
        #expect(try service.store.accounts().isEmpty)
        #expect(SyncProtocol.of(.feedbin).fixedServer == "https://api.feedbin.com", "the dialog asks only for the e-mail and password")
        // No address: Feedbin's own (not reachable from the sandbox: the call names it).
        do {
            _ = try await service.addAccount(kind: .feedbin, server: "", user: Self.email, password: "x")
            Issue.record("an account was added without reaching a server")
        } catch {
            #expect(error.description.contains("api.feedbin.com"), "\(error)")
        }
    }

    @Test func aMillionUnreadIdsInEitherSpellingAreReconciledWithoutFetchingThem() async throws {
        let server = try await Server("feedbin_server.py")
        try await server.control("reset", Self.library)
        try await server.control("bulk-unread", ["count": 1_000_000])
        let (service, folder) = try makeService(timeout: 30)
        _ = folder
        let account = try await service.addAccount(kind: .feedbin, server: server.base, user: Self.email, password: Self.password)
        let summary = try await service.sync(account).get()
        #expect(summary.newArticles == 154, "the window's entries; old unread ones are not fetched")
        #expect(try service.store.count(.unread) == 152, "ids written as strings or numbers mean the same entries")
        let byID = try await server.calls(to: "/entries.json").filter { $0.contains("ids=") }
        #expect(byID.count == 1 && byID[0].hasSuffix("?ids=4"), "nothing fetched by id but the old starred one: \(byID)")
    }

    @Test(arguments: BrokenAnswer.allCases)
    func aBrokenAnswerIsAClearErrorAndLosesNothing(_ broken: BrokenAnswer) async throws {
        let server = try await Server("feedbin_server.py")
        let (service, folder, account) = try await synced(server)
        _ = folder
        let oolong = try #require(try service.store.articles(ArticleQuery(view: .unread, limit: 1000)).first { $0.title == "Oolong" })
        try service.store.setRead([oolong.id], true)
        try await server.control("fault", broken.fault(at: "/starred_entries.json"))
        try await broken.expectClearFailure(syncing: account, with: service, articles: 154)
        try await server.control("fault/clear", [String: Any]())
        _ = try await service.sync(account).get()
        let unread = try await server.state("unread") as? [Int] ?? []
        #expect(!unread.isEmpty && !unread.contains(11), "the change went before the broken call, and was kept")
    }
}
