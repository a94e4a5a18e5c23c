import Foundation
import Library
import Testing
@testable import Sync

/// ../shared/servers/freshrss/freshrss.sh, beside the package's folder (absent in a stranger's clone).
enum SharedFreshRSS {
    static let script = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "shared/servers/freshrss/freshrss.sh")
    static var exists: Bool { FileManager.default.isExecutableFile(atPath: script.path) }
}

/// The Google Reader client against a real FreshRSS 1.25 (../shared/servers/freshrss, on
/// Debian's PHP and SQLite), started on loopback per test by Fixtures/freshrss_harness.py with
/// a feed site beside it. The fake server (GoogleReaderTests) stays for the faults a real
/// server cannot be made to produce.
@Suite(.serialized, .enabled(if: SharedFreshRSS.exists, "the shared FreshRSS (../shared/servers/freshrss beside the package folder) is absent"))
struct FreshRSSTests {
    struct Server {
        let harness: FixtureProcess
        let api: String
        let user: String
        let password: String
        let feedBase: String
        let feeds: URL

        init() async throws {
            harness = try await FixtureProcess("freshrss_harness.py", [SharedFreshRSS.script.path])
            let info = try #require(try JSONSerialization.jsonObject(with: Data(harness.firstLine.utf8)) as? [String: String],
                                    "the harness's first line is its JSON: \(harness.firstLine)")
            api = try #require(info["api"])
            user = try #require(info["user"])
            password = try #require(info["password"])
            feedBase = try #require(info["feed_base"])
            feeds = URL(filePath: try #require(info["feeds_dir"]))
        }

        /// Writes the feed file `name` on the site with these items `(guid, title)`.
        func publish(_ name: String, title: String, items: [(String, String)]) throws {
            try rss(title, site: feedBase, items: items).write(to: feeds.appending(path: name), atomically: true, encoding: .utf8)
        }

        func sql(_ statement: String) async throws -> String { try await harness.command("sql " + statement) }
    }

    /// An account on the server, subscribed from Lectern to a feed of three articles.
    private func subscribed(_ server: Server) async throws -> (AccountService, TempFolder, Account) {
        try server.publish("tea.xml", title: "Tea Notes", items: [("t1", "Oolong"), ("t2", "Sencha"), ("t3", "Pu-erh")])
        let (service, folder) = try makeService()
        let account = try await service.addAccount(kind: .googleReader, server: server.api, user: server.user, password: server.password)
        try service.store.queueChange(accountID: account.id, kind: .subscribe, target: server.feedBase + "tea.xml", value: nil)
        let summary = try await service.sync(account).get()
        #expect(summary.sent == 1 && summary.dropped.isEmpty, "quickadd: \(summary)")
        #expect(summary.newArticles == 3, "FreshRSS fetches the feed as it subscribes")
        return (service, folder, try #require(try service.store.account(id: account.id)))
    }

    @Test func theFirstSyncBringsTheFeedItsFolderAndArticlesAndStateGoesBothWays() async throws {
        let server = try await Server()
        let (service, folder, account) = try await subscribed(server)
        _ = folder
        let store = service.store
        #expect(try store.feeds().map(\.title) == ["Tea Notes"])
        let icon = try #require(try store.feeds().first?.iconURL, "subscription/list's iconUrl is kept")
        #expect(icon.hasPrefix(server.api.replacingOccurrences(of: "api/greader.php", with: "f.php?")), "\(icon): FreshRSS serves it")
        #expect(try store.folders().map(\.title) == ["Uncategorized"], "FreshRSS's default category is the feed's folder")
        #expect(try store.count(.unread) == 3)
        let articles = try store.articles(ArticleQuery(view: .all))
        #expect(try store.article(id: articles[0].id)?.content?.contains("<p>About") == true, "bodies come from the server")

        // Here → server: read one, star another.
        let oolong = try #require(articles.first { $0.title == "Oolong" })
        let sencha = try #require(articles.first { $0.title == "Sencha" })
        try store.setRead([oolong.id], true)
        try store.setStarred([sencha.id], true)
        #expect(try await service.sync(account).get().sent == 2)
        await #expect(try server.sql("SELECT title FROM entry WHERE is_read = 1") == "Oolong")
        await #expect(try server.sql("SELECT title FROM entry WHERE is_favorite = 1") == "Sencha")

        // Server → here: everything read there, Pu-erh starred and Sencha unstarred.
        _ = try await server.sql("UPDATE entry SET is_read = 1, is_favorite = (title = 'Pu-erh')")
        let pulled = try await service.sync(account).get()
        #expect(pulled.stateChanges == 4, "two read, one starred, one unstarred: \(pulled)")
        #expect(try store.count(.unread) == 0)
        #expect(try store.articles(ArticleQuery(view: .starred)).map(\.title) == ["Pu-erh"])

        // Unread again here goes back too.
        try store.setRead([oolong.id], false)
        #expect(try await service.sync(account).get().sent == 1)
        await #expect(try server.sql("SELECT title FROM entry WHERE is_read = 0") == "Oolong")
        #expect(try store.pendingChanges(accountID: account.id).isEmpty)
    }

    @Test func newArticlesComeIncrementallyAndRenameMoveAndUnsubscribeAreDoneOnTheServer() async throws {
        let server = try await Server()
        let (service, folder, account) = try await subscribed(server)
        _ = folder
        let store = service.store

        // A new article on the site, fetched by the server: the next sync brings only it.
        try server.publish("tea.xml", title: "Tea Notes", items: [("t1", "Oolong"), ("t2", "Sencha"), ("t3", "Pu-erh"), ("t4", "Matcha")])
        #expect(try await server.harness.command("actualize") == "ok")
        let incremental = try await service.sync(account).get()
        #expect(incremental.newArticles == 1 && incremental.updatedArticles == 0, "\(incremental)")
        #expect(try store.count(.all) == 4)

        // A feed subscribed from here into a folder the server does not have yet: FreshRSS makes
        // the category. The first feed then moves into it, renamed.
        try server.publish("rail.xml", title: "Rail", items: [("r1", "Funicular")])
        try store.queueChange(accountID: account.id, kind: .subscribe, target: server.feedBase + "rail.xml", value: "Drinks")
        _ = try await service.sync(account).get()
        await #expect(try server.sql("SELECT f.name, c.name FROM feed f JOIN category c ON c.id = f.category WHERE f.name = 'Rail'") == "Rail|Drinks")
        let drinks = try #require(try store.folders().first { $0.title == "Drinks" })
        let feed = try #require(try store.feeds().first { $0.title == "Tea Notes" })
        try store.renameFeed(feed.id, to: "Leaves")
        try store.moveFeed(feed.id, toFolder: drinks.id)
        #expect(try await service.sync(account).get().sent == 2)
        await #expect(try server.sql("SELECT f.name, c.name FROM feed f JOIN category c ON c.id = f.category ORDER BY f.name")
                == "Leaves|Drinks;Rail|Drinks")
        let moved = try #require(try store.feeds().first { $0.url.hasSuffix("tea.xml") })
        #expect(moved.title == "Leaves" && moved.folderID == drinks.id, "the server's answer agrees with the change made here")
        #expect(try store.folders().map(\.title) == ["Drinks"], "the emptied Uncategorized folder goes")

        try store.deleteFeed(moved.id)
        _ = try await service.sync(account).get()
        await #expect(try server.sql("SELECT name FROM feed") == "Rail")
        #expect(try store.feeds().map(\.title) == ["Rail"] && store.count(.all) == 1)
    }

    @Test func aFolderRenamedOrDeletedHereIsSoOnTheServerAndItsFeedsStay() async throws {
        let server = try await Server()
        let (service, folder, account) = try await subscribed(server)
        _ = folder
        let store = service.store
        try server.publish("rail.xml", title: "Rail", items: [("r1", "Funicular")])
        try store.queueChange(accountID: account.id, kind: .subscribe, target: server.feedBase + "rail.xml", value: "Drinks")
        _ = try await service.sync(account).get()
        try store.renameFolder(try #require(try store.folders().first { $0.title == "Drinks" }).id, to: "Beverages")
        #expect(try await service.sync(account).get().sent == 1)
        await #expect(try server.sql("SELECT c.name FROM feed f JOIN category c ON c.id = f.category WHERE f.name = 'Rail'") == "Beverages")
        #expect(try Set(store.folders().map(\.title)) == ["Beverages", "Uncategorized"])

        // FreshRSS files a deleted category's feeds under its default one.
        try store.deleteFolder(try #require(try store.folders().first { $0.title == "Beverages" }).id)
        #expect(try await service.sync(account).get().sent == 1)
        await #expect(try server.sql("SELECT count(*) FROM category WHERE name = 'Beverages'") == "0")
        await #expect(try server.sql("SELECT count(*) FROM feed") == "2" && store.count(.all) == 4)
        #expect(try store.feeds().first { $0.title == "Rail" }?.folderID == store.folders().first { $0.title == "Uncategorized" }?.id)
    }

    @Test func aChangeMadeWhileTheServerIsDownIsSentWhenItIsBack() async throws {
        let server = try await Server()
        let (service, folder, account) = try await subscribed(server)
        _ = folder
        #expect(try await server.harness.command("web stop") == "ok")
        let sencha = try #require(try service.store.articles(ArticleQuery(view: .all)).first { $0.title == "Sencha" })
        try service.store.setStarred([sencha.id], true)
        let failed = await service.sync(account)
        guard case .unreachable? = failed.failure else {
            Issue.record("a stopped server is unreachable, got \(String(describing: failed))")
            return
        }
        #expect(try service.store.pendingChanges(accountID: account.id).count == 1, "the queue is kept")

        #expect(try await server.harness.command("web start") == "ok")
        let summary = try await service.sync(account).get()
        #expect(summary.sent == 1)
        await #expect(try server.sql("SELECT title FROM entry WHERE is_favorite = 1") == "Sencha")
        #expect(try service.store.account(id: account.id)?.lastError == nil)
    }

    @Test func labelsGoBothWays() async throws {
        let server = try await Server()
        let (service, folder, account) = try await subscribed(server)
        _ = folder
        let store = service.store
        // A label made and put on an article in FreshRSS (its tables: tag, entrytag).
        _ = try await server.sql("INSERT INTO tag (name) VALUES ('Recipes')")
        _ = try await server.sql("INSERT INTO entrytag (id_tag, id_entry) SELECT t.id, e.id FROM tag t, entry e WHERE t.name = 'Recipes' AND e.title = 'Oolong'")
        _ = try await service.sync(account).get()
        func labelled(_ name: String) throws -> [String] {
            guard let label = try store.labels().first(where: { $0.name == name }) else { return [] }
            return try store.articles(ArticleQuery(view: .label(label.id))).compactMap(\.title).sorted()
        }
        #expect(try store.labels().map(\.name) == ["Recipes"])
        #expect(try store.folders().map(\.title) == ["Uncategorized"], "a label is not a folder")
        #expect(try labelled("Recipes") == ["Oolong"])

        // Here: Recipes moved from Oolong to Pu-erh, and a new label on Sencha (FreshRSS makes it).
        let rows = try store.articles(ArticleQuery(view: .all))
        let recipes = try #require(try store.labels().first)
        try store.setLabel(recipes.id, on: rows.filter { $0.title == "Oolong" }.map(\.id), false)
        try store.setLabel(recipes.id, on: rows.filter { $0.title == "Pu-erh" }.map(\.id), true)
        let gifts = try store.createLabel("Gifts", accountID: account.id)
        try store.setLabel(gifts.id, on: rows.filter { $0.title == "Sencha" }.map(\.id), true)
        let sent = try await service.sync(account).get()
        #expect(sent.sent == 3 && sent.dropped.isEmpty, "\(sent)")
        let onServer = "SELECT t.name || ':' || e.title FROM entrytag x JOIN tag t ON t.id = x.id_tag JOIN entry e ON e.id = x.id_entry ORDER BY 1"
        let pairs = try await server.sql(onServer)
        #expect(pairs == "Gifts:Sencha;Recipes:Pu-erh", "\(pairs)")

        // Renamed and deleted here, so there; the articles stay.
        try store.renameLabel(gifts.id, to: "Presents")
        try store.deleteLabel(recipes.id)
        let third = try await service.sync(account).get()
        #expect(third.sent == 2 && third.dropped.isEmpty, "\(third)")
        await #expect(try server.sql("SELECT name FROM tag ORDER BY name") == "Presents")
        #expect(try store.labels().map(\.name) == ["Presents"])
        #expect(try labelled("Presents") == ["Sencha"])
        #expect(try store.count(.all) == 3)
    }

    @Test func aWrongPasswordIsRefusedAndNothingIsKept() async throws {
        let server = try await Server()
        let (service, folder) = try makeService()
        _ = folder
        do {
            _ = try await service.addAccount(kind: .googleReader, server: server.api, user: server.user, password: "wrong")
            Issue.record("a wrong password was accepted")
        } catch {
            #expect(error == .wrongCredentials(server: "127.0.0.1"))
        }
        #expect(try service.store.accounts().isEmpty)
    }
}
