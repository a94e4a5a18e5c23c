import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Library
import Testing
@testable import Sync

/// Sync against a real Tiny Tiny RSS (Debian's tt-rss on PHP and PostgreSQL) started on loopback
/// by Fixtures/ttrss_harness.py, one server per test.
@Suite(.serialized, .enabled(if: getuid() == 0, "the harness runs tt-rss as www-data and its feed server on port 80: it needs root"))
struct TinyTinyRSSTests {
    /// The running server, its details, and a feed file of three articles in its feed folder.
    struct Server {
        let harness: FixtureProcess
        let api: String
        let user: String
        let password: String
        let feedURL: String
        /// Where the feed server serves `tea.xml` from, its address, and the articles' guid prefix.
        let feedsFolder: URL
        let feedBase: String
        let tag: String

        init() async throws {
            harness = try await FixtureProcess("ttrss_harness.py")
            let info = try #require(try JSONSerialization.jsonObject(with: Data(harness.firstLine.utf8)) as? [String: String],
                                    "the harness's first line is its JSON: \(harness.firstLine)")
            api = try #require(info["api"])
            user = try #require(info["user"])
            password = try #require(info["password"])
            let base = try #require(info["feed_base"])
            let folder = URL(fileURLWithPath: try #require(info["feeds_dir"]))
            let tag = String(UUID().uuidString.prefix(8))
            (feedsFolder, feedBase, self.tag) = (folder, base, tag)
            feedURL = base + "tea.xml"
            try rss("Tea Notes", site: base, items: [("\(tag)-1", "Oolong"), ("\(tag)-2", "Sencha"), ("\(tag)-3", "Pu-erh")])
                .write(to: folder.appending(path: "tea.xml"), atomically: true, encoding: .utf8)
            // The site's favicon, which tt-rss fetches as it updates the feed: 16×16 #3080c0.
            try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGMwaDhAEmIY1TCqYfhqAAAUDXAQAvzJWwAAAABJRU5ErkJggg==")?
                .write(to: folder.appending(path: "favicon.ico"))
        }

        func sql(_ statement: String) async throws -> String { try await harness.command("sql " + statement) }
    }

    /// An account on the server subscribed to the tea feed, synced with its three articles.
    private func subscribed(_ server: Server) async throws -> (AccountService, TempFolder, Account) {
        let (service, folder) = try makeService()
        let account = try await service.addAccount(kind: .tinyTinyRSS, server: server.api, user: server.user, password: server.password)
        try service.store.queueChange(accountID: account.id, kind: .subscribe, target: server.feedURL, value: nil)
        _ = try await service.sync(account).get()
        #expect(try await server.harness.command("update") == "ok")
        let summary = try await service.sync(try #require(try service.store.account(id: account.id))).get()
        #expect(summary.newArticles == 3)
        return (service, folder, try #require(try service.store.account(id: account.id)))
    }

    @Test func theFirstSyncBringsFeedsArticlesAndStateAndChangesGoBothWays() async throws {
        let server = try await Server()
        let (service, folder, account) = try await subscribed(server)
        _ = folder
        let store = service.store
        #expect(try store.feeds().map(\.title) == ["Tea Notes"])
        #expect(try store.count(.unread) == 3)
        let articles = try store.articles(ArticleQuery(view: .all))
        #expect(Set(articles.map(\.title)) == ["Oolong", "Sencha", "Pu-erh"])
        #expect(try store.article(id: articles[0].id)?.content?.contains("<p>About") == true, "bodies come from the server")

        // Here → server: read one, star another.
        let oolong = try #require(articles.first { $0.title == "Oolong" })
        let sencha = try #require(articles.first { $0.title == "Sencha" })
        try store.setRead([oolong.id], true)
        try store.setStarred([sencha.id], true)
        let sent = try await service.sync(account).get()
        #expect(sent.sent == 2 && sent.dropped.isEmpty)
        await #expect(try server.sql("SELECT count(*) FROM ttrss_user_entries WHERE unread") == "2")
        await #expect(try server.sql("SELECT e.title FROM ttrss_user_entries u JOIN ttrss_entries e ON e.id = u.ref_id WHERE u.marked") == "Sencha")
        #expect(try store.pendingChanges(accountID: account.id).isEmpty)

        // Server → here: everything read elsewhere, Pu-erh starred there, Sencha unstarred.
        _ = try await server.sql("UPDATE ttrss_user_entries SET unread = false, marked = (ref_id IN (SELECT id FROM ttrss_entries WHERE title = 'Pu-erh'))")
        let pulled = try await service.sync(account).get()
        #expect(pulled.stateChanges == 4)
        #expect(try store.count(.unread) == 0)
        #expect(try store.articles(ArticleQuery(view: .starred)).map(\.title) == ["Pu-erh"])

        // Unsubscribing is done on the server too.
        let feed = try #require(try store.accountFeeds(account.id).first)
        try store.queueChange(accountID: account.id, kind: .unsubscribe, target: feed.key, value: nil)
        _ = try await service.sync(account).get()
        await #expect(try server.sql("SELECT count(*) FROM ttrss_feeds") == "0")
        #expect(try store.feeds().isEmpty && store.count(.all) == 0)
    }

    @Test func aFeedsIconIsTheOneTinyTinyRSSFetchedFromItsOwnSite() async throws {
        let server = try await Server()
        let (service, folder, _) = try await subscribed(server)
        _ = folder
        let icon = try #require(try service.store.feeds().first?.iconURL, "has_icon: tt-rss keeps the feed's icon")
        #expect(icon.hasPrefix(server.api + "feed-icons/") && icon.hasSuffix(".ico"), "\(icon)")
        let (data, response) = try await URLSession(configuration: .ephemeral).data(from: try #require(URL(string: icon)))
        #expect((response as? HTTPURLResponse)?.statusCode == 200 && data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the PNG the site gave")
    }

    /// `updateFeed`: tt-rss fetches the feed before it answers, and the sync after it brings the
    /// article the site posted since (tt-rss's own updater does not run here).
    @Test func aFeedRefreshedOnTheServerBringsWhatTheServerFoundNow() async throws {
        let server = try await Server()
        let (service, folder, _) = try await subscribed(server)
        _ = folder
        try rss("Tea Notes", site: server.feedBase, items: [("\(server.tag)-1", "Oolong"), ("\(server.tag)-2", "Sencha"),
                                                         ("\(server.tag)-3", "Pu-erh"), ("\(server.tag)-4", "Matcha")])
            .write(to: server.feedsFolder.appending(path: "tea.xml"), atomically: true, encoding: .utf8)
        let tea = try #require(try service.store.feeds().first)
        let summary = try await service.refreshOnServer(feedID: tea.id).get()
        #expect(summary.newArticles == 1, "\(summary)")
        #expect(try service.store.articles(ArticleQuery(view: .all)).compactMap(\.title).sorted() == ["Matcha", "Oolong", "Pu-erh", "Sencha"])
    }

    @Test func theIdListsAreReadOnlyWhenTheServersCountsShowAChangeFromElsewhere() async throws {
        let server = try await Server()
        let (service, folder, account) = try await subscribed(server)
        _ = folder
        let quiet = try await service.sync(try #require(try service.store.account(id: account.id))).get()
        #expect(!quiet.statesChecked, "nothing changed: the lists are not read")

        // A change made here is accounted for by what updateArticle reports.
        let ids = try service.store.articles(ArticleQuery(view: .all)).map(\.id)
        try service.store.setRead([ids[0]], true)
        try service.store.setStarred([ids[1]], true)
        let sent = try await service.sync(try #require(try service.store.account(id: account.id))).get()
        #expect(sent.sent == 2 && !sent.statesChecked)

        // A change made elsewhere moves the server's counts: the lists are read.
        _ = try await server.sql("UPDATE ttrss_user_entries SET unread = false")
        let pulled = try await service.sync(try #require(try service.store.account(id: account.id))).get()
        #expect(pulled.statesChecked && pulled.stateChanges == 2)
        #expect(try service.store.count(.unread) == 0)
        let after = try await service.sync(try #require(try service.store.account(id: account.id))).get()
        #expect(!after.statesChecked)
    }

    @Test func changesMadeWhileTheServerIsDownAreSentWhenItIsBack() async throws {
        let server = try await Server()
        let (service, folder, account) = try await subscribed(server)
        _ = folder
        #expect(try await server.harness.command("web stop") == "ok")
        let ids = try service.store.articles(ArticleQuery(view: .all)).map(\.id)
        try service.store.setRead(ids, true)
        let failed = await service.sync(account)
        guard case .unreachable? = failed.failure else {
            Issue.record("a server that is down is unreachable, got \(String(describing: failed))")
            return
        }
        #expect(try service.store.account(id: account.id)?.lastError?.contains("Could not reach") == true)
        #expect(try service.store.pendingChanges(accountID: account.id).count == 3, "the queue is kept")
        #expect(try service.store.count(.unread) == 0, "and so is the change here")

        #expect(try await server.harness.command("web start") == "ok")
        let summary = try await service.sync(account).get()
        #expect(summary.sent == 3)
        await #expect(try server.sql("SELECT count(*) FROM ttrss_user_entries WHERE unread") == "0")
        #expect(try service.store.account(id: account.id)?.lastError == nil)
    }

    @Test func theServersLabelsComeInAndArePutOnAndTakenOffFromLectern() async throws {
        let server = try await Server()
        let (service, folder, account) = try await subscribed(server)
        _ = folder
        let store = service.store
        // Labels are made in tt-rss's own preferences: here, in its database.
        let owner = "(SELECT id FROM ttrss_users WHERE login = '\(server.user)')"
        _ = try await server.sql("INSERT INTO ttrss_labels2 (caption, owner_uid, fg_color, bg_color) VALUES ('Recipes', \(owner), '', ''), ('Gifts', \(owner), '', '')")
        _ = try await server.sql("INSERT INTO ttrss_user_labels2 (label_id, article_id) SELECT l.id, e.id FROM ttrss_labels2 l, ttrss_entries e "
                           + "WHERE l.caption = 'Recipes' AND e.title = 'Oolong'")
        let first = try await service.sync(account).get()
        #expect(first.dropped.isEmpty)
        #expect(try store.labels().map(\.name) == ["Gifts", "Recipes"])
        func labelled(_ name: String) throws -> [String] {
            let label = try #require(try store.labels().first { $0.name == name })
            return try store.articles(ArticleQuery(view: .label(label.id))).compactMap(\.title).sorted()
        }
        #expect(try labelled("Recipes") == ["Oolong"])

        // Here: Recipes taken off Oolong and put on Sencha and Pu-erh, Gifts on Sencha.
        let rows = try store.articles(ArticleQuery(view: .all))
        let recipes = try #require(try store.labels().first { $0.name == "Recipes" })
        let gifts = try #require(try store.labels().first { $0.name == "Gifts" })
        try store.setLabel(recipes.id, on: rows.filter { $0.title == "Oolong" }.map(\.id), false)
        try store.setLabel(recipes.id, on: rows.filter { $0.title != "Oolong" }.map(\.id), true)
        try store.setLabel(gifts.id, on: rows.filter { $0.title == "Sencha" }.map(\.id), true)
        let second = try await service.sync(account).get()
        #expect(second.sent == 4 && second.dropped.isEmpty, "\(second)")
        // (The harness takes a statement on one line.)
        let onServer = "SELECT l.caption || ':' || e.title FROM ttrss_user_labels2 u JOIN ttrss_labels2 l ON l.id = u.label_id "
            + "JOIN ttrss_entries e ON e.id = u.article_id ORDER BY 1"
        await #expect(try server.sql(onServer) == "Gifts:Sencha,Recipes:Pu-erh,Recipes:Sencha")

        // The API cannot rename a label: the change is dropped with a notice and the server's name stays.
        try store.renameLabel(gifts.id, to: "Presents")
        let third = try await service.sync(account).get()
        #expect(third.dropped.count == 1 && third.dropped[0].contains("renaming a label"), "\(third.dropped)")
        #expect(try store.labels().map(\.name) == ["Gifts", "Recipes"])
        // Deleted there, gone here; the articles stay.
        _ = try await server.sql("DELETE FROM ttrss_labels2 WHERE caption = 'Recipes'")
        _ = try await service.sync(account).get()
        #expect(try store.labels().map(\.name) == ["Gifts"])
        #expect(try store.count(.all) == 3)
        // The last one too (the counters list no label then, and Lectern does without getLabels).
        _ = try await server.sql("DELETE FROM ttrss_labels2 WHERE caption = 'Gifts'")
        _ = try await service.sync(account).get()
        #expect(try store.labels().isEmpty)
    }

    @Test func aWrongPasswordOrADisabledAPIIsRefusedWithWhatToDo() async throws {
        let server = try await Server()
        let (service, folder) = try makeService()
        _ = folder
        do {
            _ = try await service.addAccount(kind: .tinyTinyRSS, server: server.api, user: server.user, password: "wrong")
            Issue.record("a wrong password was accepted")
        } catch {
            #expect(error == .wrongCredentials(server: "127.0.0.1"))
        }
        #expect(try await server.harness.command("api off") == "ok")
        do {
            _ = try await service.addAccount(kind: .tinyTinyRSS, server: server.api, user: server.user, password: server.password)
            Issue.record("an account was added while the API is off")
        } catch {
            #expect(error.description.contains("Enable API"))
        }
        #expect(try service.store.accounts().isEmpty, "nothing is kept from a failed attempt")
    }
}
