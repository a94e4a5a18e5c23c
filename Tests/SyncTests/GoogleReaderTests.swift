import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Library
import Testing
@testable import Sync

/// Sync against Fixtures/greader_server.py, a loopback Google Reader API server that follows
/// the protocol strictly by default and as FreshRSS and Miniflux behave in their flavors.
@Suite struct GoogleReaderTests {
    struct Server {
        let process: FixtureProcess
        let port: Int
        let flavor: String

        init(flavor: String = "strict") async throws {
            process = try await FixtureProcess("greader_server.py", ["--flavor", flavor])
            port = try #require(Int(process.firstLine.trimmingCharacters(in: .whitespaces)))
            self.flavor = flavor
        }

        var base: String { "http://127.0.0.1:\(port)" + (flavor == "freshrss" ? "/api/greader.php" : "") }
        var password: String { flavor == "freshrss" ? "api-pass" : "wonderland" }

        @discardableResult
        func control(_ path: String, _ body: Any? = nil) async throws -> Any? { try await controlCall(port: port, path, body) }

        /// The server's read and starred state of one item.
        func state(_ id: Int64) async throws -> (read: Bool, starred: Bool)? {
            let answer = try await control("state?ids=\(id)") as? [String: Any]
            guard let item = (answer?["items"] as? [String: Any])?[String(id)] as? [String: Any] else { return nil }
            return ((item["read"] as? Bool) ?? false, (item["starred"] as? Bool) ?? false)
        }

        /// How many logged requests went to a path ending in `suffix`.
        func requests(to suffix: String) async throws -> Int {
            let log = try await control("log") as? [[String: Any]] ?? []
            return log.filter { ($0["path"] as? String)?.hasSuffix(suffix) == true }.count
        }
    }

    static let now = Int(Date().timeIntervalSince1970)

    /// The items' ids: fixed ones (one negative, to cross the signed/unsigned line), except for
    /// FreshRSS, whose ids are the items' arrival times in microseconds.
    struct IDs {
        let oolong, sencha, funicular, timetable, archive: Int64

        init(flavor: String) {
            let ago = { (seconds: Int) in Int64(GoogleReaderTests.now - seconds) * 1_000_000 }
            if flavor == "freshrss" {
                (oolong, sencha, funicular, timetable, archive) = (ago(3600), ago(7200), ago(60), ago(90 * 86400), ago(90 * 86400) + 1)
            } else {
                (oolong, sencha, funicular, timetable, archive) = (1_795_994_252_218_340, -2, 77, 78, 79)
            }
        }
    }

    /// Two feeds, one in a folder; three recent items, one starred and read; an old starred one
    /// and an old read one (outside the window: not fetched).
    static func library(_ ids: IDs) -> [String: Any] {
        func item(_ id: Int64, _ feed: String, _ title: String, age: Int, read: Bool, starred: Bool) -> [String: Any] {
            ["id": id, "feed": feed, "title": title, "link": "https://example.org/\(title.lowercased())",
             "published": now - age, "crawl": Int64(now - age) * 1_000_000, "author": "Ann",
             "content": "<p>About \(title)</p>", "read": read, "starred": starred]
        }
        return [
            "feeds": [["id": "1", "title": "Tea Notes", "url": "https://tea.example/feed", "htmlUrl": "https://tea.example/", "folder": "Drinks"],
                      ["id": "2", "title": "Rail", "url": "https://rail.example/atom", "htmlUrl": "https://rail.example/", "folder": NSNull()]],
            "items": [item(ids.oolong, "1", "Oolong", age: 3600, read: false, starred: false),
                      item(ids.sencha, "1", "Sencha", age: 7200, read: true, starred: true),
                      item(ids.funicular, "2", "Funicular", age: 60, read: false, starred: false),
                      item(ids.timetable, "2", "Timetable", age: 90 * 86400, read: true, starred: true),
                      item(ids.archive, "2", "Archive", age: 90 * 86400, read: true, starred: false)],
        ]
    }

    private func synced(_ server: Server) async throws -> (AccountService, TempFolder, Account) {
        try await server.control("reset", Self.library(IDs(flavor: server.flavor)))
        let (service, folder) = try makeService(timeout: 3)
        let account = try await service.addAccount(kind: .googleReader, server: server.base, user: "alice", password: server.password)
        let summary = try await service.sync(account).get()
        #expect(summary.newArticles == 4, "the window's items and the old starred one, not the old read one")
        return (service, folder, try #require(try service.store.account(id: account.id)))
    }

    @Test func whatASyncBringsMeetsTheRulesAndTheirChangesGoBack() async throws {
        let server = try await Server(flavor: "strict")
        try await server.control("reset", Self.library(IDs(flavor: "strict")))
        let (service, folder) = try makeService(timeout: 3)
        _ = folder
        try service.store.addRule(Rule(field: .title, match: .contains, text: "Funicular", action: .star))
        try service.store.addRule(Rule(field: .title, match: .contains, text: "Oolong", action: .markRead))
        let account = try await service.addAccount(kind: .googleReader, server: server.base, user: "alice", password: server.password)
        _ = try await service.sync(account).get()
        let rows = try service.store.articles(ArticleQuery(view: .all))
        #expect(rows.first { $0.title == "Funicular" }?.starred == true, "the star rule")
        #expect(rows.first { $0.title == "Oolong" }?.read == true, "the mark-read rule")
        // The rules' changes are the user's: the next sync sends them to the server.
        let next = try await service.sync(account).get()
        #expect(next.sent == 2, "sent \(next.sent)")
        let ids = IDs(flavor: "strict")
        #expect(try await server.state(ids.funicular)?.starred == true)
        #expect(try await server.state(ids.oolong)?.read == true)
    }

    @Test(arguments: ["strict", "freshrss", "miniflux"])
    func theFirstSyncBringsFeedsFoldersArticlesAndState(flavor: String) async throws {
        let server = try await Server(flavor: flavor)
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        #expect(try store.feeds().map(\.title) == ["Rail", "Tea Notes"])
        // FreshRSS files a feed without a folder under "Uncategorized", Miniflux under "All".
        let unfiled = ["strict": [], "freshrss": ["Uncategorized"], "miniflux": ["All"]][flavor] ?? []
        #expect(try Set(store.folders().map(\.title)) == Set(["Drinks"] + unfiled))
        #expect(try store.feeds().first { $0.title == "Tea Notes" }?.folderID == store.folders().first { $0.title == "Drinks" }?.id)
        let rows = try store.articles(ArticleQuery(view: .all))
        #expect(Set(rows.map(\.title)) == ["Oolong", "Sencha", "Funicular", "Timetable"])
        #expect(try store.count(.unread) == 2 && store.count(.starred) == 2)
        let oolong = try #require(rows.first { $0.title == "Oolong" })
        let stored = try #require(try store.article(id: oolong.id))
        #expect(stored.content == "<p>About Oolong</p>" && stored.link == "https://example.org/oolong")

        // Here → server, with long-form ids (Sencha's is negative outside FreshRSS: ffff…fffe).
        let sencha = try #require(rows.first { $0.title == "Sencha" })
        try store.setRead([oolong.id], true)
        try store.setStarred([sencha.id], false)
        let sent = try await service.sync(account).get()
        #expect(sent.sent == 2 && sent.dropped.isEmpty)
        let ids = IDs(flavor: flavor)
        #expect(try await server.state(ids.oolong)?.read == true)
        #expect(try await server.state(ids.sencha)?.starred == false)

        // Server → here: Funicular read on a phone, Oolong starred there.
        try await server.control("state", ["items": [["id": ids.funicular, "read": true], ["id": ids.oolong, "starred": true]]])
        let pulled = try await service.sync(account).get()
        #expect(pulled.stateChanges == 2 && pulled.newArticles == 0)
        #expect(try store.count(.unread) == 0)
        #expect(Set(try store.articles(ArticleQuery(view: .starred)).map(\.title)) == ["Oolong", "Timetable"])
    }

    @Test func subscribingRenamingMovingAndUnsubscribingAreDoneOnTheServer() async throws {
        let server = try await Server()
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        let rail = try #require(try store.accountFeeds(account.id).first { $0.value.title == "Rail" })
        try store.queueChange(accountID: account.id, kind: .subscribe, target: "https://new.example/feed.xml", value: "Drinks")
        try store.queueChange(accountID: account.id, kind: .rename, target: rail.key, value: "Railways")
        try store.queueChange(accountID: account.id, kind: .move, target: rail.key, value: "Transport")
        let summary = try await service.sync(account).get()
        #expect(summary.sent == 3 && summary.dropped.isEmpty && summary.feedsAdded == 1)
        let feeds = try store.feeds()
        #expect(feeds.map(\.title).contains("Railways"))
        #expect(Set(try store.folders().map(\.title)) == ["Drinks", "Transport"])
        #expect(feeds.contains { $0.url == "https://new.example/feed.xml" })

        // An address where the server finds no feed is refused, dropped and named.
        try store.queueChange(accountID: account.id, kind: .subscribe, target: "https://nothing.invalid/", value: nil)
        let refused = try await service.sync(account).get()
        #expect(refused.dropped.count == 1 && refused.dropped[0].contains("nothing.invalid"))
        #expect(try store.pendingChanges(accountID: account.id).isEmpty, "never retried forever")

        try store.queueChange(accountID: account.id, kind: .unsubscribe, target: rail.key, value: nil)
        let after = try await service.sync(account).get()
        #expect(after.feedsRemoved == 1)
        #expect(try !store.feeds().contains { $0.title == "Railways" })
        #expect(try store.articles(ArticleQuery(view: .all)).allSatisfy { $0.title != "Funicular" })
    }

    @Test func expiredTokensAreRenewedOnce() async throws {
        let server = try await Server()
        let (service, folder, account) = try await synced(server)
        _ = folder
        try await server.control("expire-token", [String: Any]())
        try await server.control("log/clear", [String: Any]())
        _ = try await service.sync(account).get()
        #expect(try await server.requests(to: "accounts/ClientLogin") == 1, "signed in again once")

        let unread = try service.store.articles(ArticleQuery(view: .unread)).map(\.id)
        try #require(unread.count == 2)
        try service.store.setRead([unread[0]], true)
        _ = try await service.sync(account).get()   // the client now holds a write token
        try service.store.setRead([unread[1]], true)
        try await server.control("expire-write-token", [String: Any]())
        try await server.control("log/clear", [String: Any]())
        let summary = try await service.sync(account).get()
        #expect(summary.sent == 1)
        #expect(try await server.requests(to: "reader/api/0/token") == 1, "a new write token, fetched once")
        #expect(try await server.requests(to: "edit-tag") == 2, "the refused call, then the one that worked")
    }

    @Test func aWrongPasswordIsRefusedAndNothingIsKept() async throws {
        let server = try await Server(flavor: "freshrss")
        try await server.control("reset", Self.library(IDs(flavor: server.flavor)))
        let (service, folder) = try makeService()
        _ = folder
        do {
            _ = try await service.addAccount(kind: .googleReader, server: server.base, user: "alice", password: "wonderland")
            Issue.record("FreshRSS's web password was taken for its API password")
        } catch {
            #expect(error == .wrongCredentials(server: "127.0.0.1"))
            #expect(error.description.contains("API password"))
        }
        #expect(try service.store.accounts().isEmpty)
    }

    @Test(arguments: BrokenAnswer.allCases)
    func aBrokenAnswerIsAClearErrorAndLosesNothing(_ broken: BrokenAnswer) async throws {
        let server = try await Server()
        let (service, folder, account) = try await synced(server)
        _ = folder
        let store = service.store
        let oolong = try #require(try store.articles(ArticleQuery(view: .unread)).first { $0.title == "Oolong" })
        try store.setRead([oolong.id], true)
        try await server.control("state", ["id": 77, "read": true])
        try await server.control("fault", broken.fault(at: "stream/items/ids"))
        try await broken.expectClearFailure(syncing: account, with: service, articles: 4)
        try await server.control("fault/clear", [String: Any]())
        try await server.control("release", [String: Any]())
        _ = try await service.sync(account).get()
        #expect(try store.count(.unread) == 0 && store.count(.all) == 4)
    }

    @Test func aBusyServerIsWaitedOutWhenItSaysHowLong() async throws {
        let server = try await Server()
        let (service, folder, account) = try await synced(server)
        _ = folder
        try await server.control("fault", ["path": "subscription/list", "kind": "retry-after", "status": 503, "retry_after": 1, "count": 1])
        try await server.control("log/clear", [String: Any]())
        _ = try await service.sync(account).get()
        #expect(try await server.requests(to: "subscription/list") == 2)

        try await server.control("fault", ["path": "subscription/list", "kind": "retry-after", "status": 429, "retry_after": 3600, "count": 1])
        guard case .rateLimited? = await service.sync(account).failure else {
            Issue.record("an hour's Retry-After was not reported as such")
            return
        }
    }

    @Test func aMillionUnreadIdsAreReconciledWithoutFetchingThem() async throws {
        let server = try await Server()
        try await server.control("bulk", ["feeds": 10, "items_per_feed": 0, "unread_ids": 1_000_000])
        let (service, folder) = try makeService(timeout: 30)
        _ = folder
        let account = try await service.addAccount(kind: .googleReader, server: server.base, user: "alice", password: "wonderland")
        let summary = try await service.sync(account).get()
        #expect(summary.newArticles == 0, "old unread items outside the window are not fetched")
        #expect(try service.store.feeds().count == 10)
        #expect(try await server.requests(to: "stream/items/contents") == 0)
    }
}

/// Item ids in every spelling the protocol allows, from the recorded fixtures and the reference.
@Suite struct GoogleReaderItemIDTests {
    @Test func longShortAndBareHexFormsMeanTheSameItem() {
        #expect(GoogleReaderItemID.fromItem("tag:google.com,2005:reader/item/000661727f6c0fe4") == "1795994252218340")
        #expect(GoogleReaderItemID.fromRef("1795994252218340") == "1795994252218340")
        #expect(GoogleReaderItemID.fromItem("tag:google.com,2005:reader/item/ffffffffffffffff") == "-1")
        #expect(GoogleReaderItemID.fromItem("tag:google.com,2005:reader/item/8000000000000000") == "-9223372036854775808")
        #expect(GoogleReaderItemID.longForm("-2") == "tag:google.com,2005:reader/item/fffffffffffffffe")
        #expect(GoogleReaderItemID.longForm("1795994252218340") == "tag:google.com,2005:reader/item/000661727f6c0fe4")
        // The Old Reader's ObjectIds stay as they are.
        #expect(GoogleReaderItemID.fromItem("tag:google.com,2005:reader/item/5d0f1a2b3c4d5e6f7a8b9c0d") == "5d0f1a2b3c4d5e6f7a8b9c0d")
        #expect(GoogleReaderItemID.fromRef("not an id") == nil)
        // Spaces around an id and upper-case hex are the same item.
        #expect(GoogleReaderItemID.fromItem(" tag:google.com,2005:reader/item/000661727F6C0FE4\t") == "1795994252218340")
        #expect(GoogleReaderItemID.fromRef(" 1795994252218340 ") == "1795994252218340")
        // A number spelled another way is the same item, stored as one spelling.
        #expect(GoogleReaderItemID.fromRef("+1795994252218340") == "1795994252218340")
        #expect(GoogleReaderItemID.fromRef("001795994252218340") == "1795994252218340")
        #expect(GoogleReaderItemID.fromRef("-0") == "0" && GoogleReaderItemID.fromRef("0") == "0")
        #expect(GoogleReaderItemID.fromRef("-02") == "-2" && GoogleReaderItemID.fromRef("-2") == "-2")
        #expect(GoogleReaderItemID.fromItem("5D0F1A2B3C4D5E6F7A8B9C0D") == "5d0f1a2b3c4d5e6f7a8b9c0d")
        #expect(GoogleReaderItemID.fromItem("tag:google.com,2005:reader/item/") == nil)
    }

    @Test func aRecordedFreshRSSItemIsRead() throws {
        let data = try Data(contentsOf: fixture("greader/stream-items-contents-freshrss.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rows = (object["items"] as? [[String: Any]]) ?? [object]
        let item = try #require(rows.first.flatMap(GoogleReaderSync.item(from:)))
        #expect(item.remoteID == "1795994252218340" && item.feedRemoteID == "feed/1")
        #expect(item.read && item.html?.contains("Hello") == true)
        #expect(GoogleReaderClient.authToken(in: try String(contentsOf: fixture("greader/clientlogin-freshrss.txt"), encoding: .utf8))?
            .hasPrefix("alice/") == true)
    }
}
