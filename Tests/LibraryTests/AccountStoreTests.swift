import Foundation
import Testing
@testable import Library

/// Sync accounts in the library (schema 4): their feeds, folders and articles live beside the
/// local ones, the smart views span both, local changes are queued durably, and the server's
/// state never overrides a change still queued.
@Suite struct AccountStoreTests {
    private func accountWithFeed(_ store: LibraryStore) throws -> Account {
        let account = try store.addAccount(kind: .tinyTinyRSS, server: "https://rss.example.org", userName: "ann")
        try store.applySubscriptions([RemoteFeed(remoteID: "7", url: "https://example.org/feed", title: "Tea",
                                                 folder: RemoteFolder(remoteID: "3", title: "Drinks"))], accountID: account.id)
        try store.saveRemoteItems([
            RemoteItem(remoteID: "101", feedRemoteID: "7", title: "Oolong &amp; more", html: "<p>Oolong leaves</p>"),
            RemoteItem(remoteID: "102", feedRemoteID: "7", title: "Sencha", html: "<p>Green</p>", read: true, starred: true),
        ], accountID: account.id)
        return account
    }

    @Test func anAccountsFeedsLiveBesideTheLocalOnesEvenAtTheSameAddress() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let local = try store.addFeed(url: "https://example.org/feed", folderID: try store.folder(named: "Drinks").id)
        let account = try accountWithFeed(store)

        let feeds = try store.feeds()
        #expect(feeds.count == 2)
        #expect(feeds.filter { $0.accountID == account.id }.map(\.title) == ["Tea"])
        #expect(try store.feed(url: "https://example.org/feed")?.id == local.id, "a local lookup finds the local feed")
        #expect(try store.folders().map(\.title).sorted() == ["Drinks", "Drinks"], "each library has its own Drinks folder")
        // Only local feeds are refreshed by Lectern or exported.
        #expect(try OPML.export(store).feeds == 1)
        // Smart views and search span both.
        #expect(try store.count(.unread) == 1 && store.count(.starred) == 1)
        #expect(try store.count(.all, search: "oolong") == 1)
        #expect(try store.articles(ArticleQuery(view: .all)).contains { $0.title == "Oolong & more" }, "entities in titles are decoded")
    }

    @Test func accountsOfOneUserOnOneHostAreToldApartByTheirTitles() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let alone = try store.addAccount(kind: .miniflux, server: "https://news.example.net", userName: "ann")
        let reader = try store.addAccount(kind: .googleReader, server: "https://example.org/freshrss/api/greader.php", userName: "ann")
        let flux = try store.addAccount(kind: .miniflux, server: "https://example.org/miniflux", userName: "ann")
        var titles = Dictionary(uniqueKeysWithValues: try store.accounts().map { ($0.id, $0.title) })
        #expect(titles[alone.id] == "ann on news.example.net", "an account without a namesake says its host alone")
        #expect(titles[reader.id] == "ann on example.org (Google Reader API)" && titles[flux.id] == "ann on example.org (Miniflux)",
                "\(titles)")
        #expect(try store.account(id: flux.id)?.title == "ann on example.org (Miniflux)", "one account is named as in the list")
        // A second Miniflux on that host: the two Minifluxes say their whole addresses.
        let other = try store.addAccount(kind: .miniflux, server: "https://example.org:8443/flux", userName: "ann")
        titles = Dictionary(uniqueKeysWithValues: try store.accounts().map { ($0.id, $0.title) })
        #expect(titles[flux.id] == "ann on example.org/miniflux" && titles[other.id] == "ann on example.org:8443/flux", "\(titles)")
        #expect(Set(titles.values).count == 4)
    }

    @Test func localChangesAreQueuedInTheirTransactionAndCoalesced() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let account = try accountWithFeed(store)
        let local = try store.addFeed(url: "https://example.org/local")
        try store.save(parsed([entry("l1")]), toFeed: local.id)
        let ids = try store.articles(ArticleQuery(view: .all)).map(\.id)

        try store.setRead(ids, true)
        try store.setStarred(ids, true)
        try store.setRead(ids, false)   // the newer read change replaces the older one
        let queued = try store.pendingChanges(accountID: account.id)
        #expect(queued.map(\.kind) == [.starred, .read, .read], "101's two read changes became one, the newest")
        #expect(queued.filter { $0.kind == .read }.map { "\($0.target)=\($0.value ?? "")" } == ["101=0", "102=0"])
        #expect(queued.first { $0.kind == .starred }?.target == "101", "102 was already starred: nothing to send")
        #expect(queued.allSatisfy { $0.target != "l1" }, "local articles are never queued")

        let markAll = try store.markAllRead(in: .all)
        #expect(try store.pendingChanges(accountID: account.id).contains { $0.kind == .read && $0.target == "101" && $0.value == "1" })
        try store.undo(markAll)
        #expect(try store.pendingChanges(accountID: account.id).first { $0.kind == .read && $0.target == "101" }?.value == "0")

        // States wait for the next sync; a renamed folder is for the window to send at once.
        #expect(try store.accountsWithQueuedSubscriptionChanges().isEmpty, "read and starred changes are not sent at once")
        let drinks = try #require(try store.folders().first { $0.accountID == account.id })
        try store.renameFolder(drinks.id, to: "Beverages")
        #expect(try store.accountsWithQueuedSubscriptionChanges() == [account.id])

        try store.removeChanges(try store.pendingChanges(accountID: account.id).map(\.id))
        #expect(try store.pendingChanges(accountID: account.id).isEmpty)
        #expect(try store.accountsWithQueuedSubscriptionChanges().isEmpty)
    }

    @Test func theServerWinsExceptWhereALocalChangeIsStillQueued() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let account = try accountWithFeed(store)
        let oolong = try #require(try store.articles(ArticleQuery(view: .all)).first { $0.title == "Oolong & more" })
        // The user stars Oolong here; the server has not heard of it.
        try store.setStarred([oolong.id], true)
        // The server says: nothing unread, nothing starred (read on a phone, Sencha unstarred there).
        let changed = try store.applyRemoteStates(accountID: account.id, unread: [], starred: [])
        #expect(changed == 2, "Oolong read, Sencha unstarred; Oolong's queued star kept")
        let rows = try store.articles(ArticleQuery(view: .all))
        #expect(rows.first { $0.title == "Oolong & more" }.map { $0.read && $0.starred } == true)
        #expect(rows.first { $0.title == "Sencha" }.map { $0.read && !$0.starred } == true)
        #expect(try store.missingRemoteItems(accountID: account.id, among: ["101", "999", "102"]) == ["999"])
    }

    @Test func statesReadAheadOfTheListsStillLetALocalChangeMadeMeanwhileWin() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let account = try accountWithFeed(store)
        // A sync reads the stored states while the server's lists come…
        let ahead = try store.storedStates(accountID: account.id)
        let rows = try store.articles(ArticleQuery(view: .all))
        let oolong = try #require(rows.first { $0.title == "Oolong & more" })
        let sencha = try #require(rows.first { $0.title == "Sencha" })
        // …meanwhile the user reads Oolong and marks it unread again, and unstars Sencha.
        try store.setRead([oolong.id], true)
        try store.setRead([oolong.id], false)
        try store.setStarred([sencha.id], false)
        // The lists say: nothing unread, Sencha starred.
        let changed = try store.applyRemoteStates(accountID: account.id, unread: [], starred: ["102"], stored: ahead)
        let after = try store.articles(ArticleQuery(view: .all))
        #expect(after.first { $0.id == oolong.id }?.read == false, "marked unread again meanwhile: the queued change wins")
        #expect(after.first { $0.id == sencha.id }.map { $0.read && !$0.starred } == true, "unstarred meanwhile stays unstarred")
        #expect(changed == 0)
    }

    @Test func aNewArticleComesInTheServersStateAndOneTakenOverByItsLinkTakesItToo() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let account = try accountWithFeed(store)
        try store.saveRemoteItems([RemoteItem(remoteID: "103", feedRemoteID: "7", title: "Matcha", link: "https://example.org/matcha",
                                              html: "<p>Whisked</p>")], accountID: account.id)
        // The server gives Matcha a new id (its link is the same), read and starred there; and brings Genmaicha, starred.
        let result = try store.saveRemoteItems([
            RemoteItem(remoteID: "203", feedRemoteID: "7", title: "Matcha", link: "https://example.org/matcha",
                       html: "<p>Whisked</p>", read: true, starred: true),
            RemoteItem(remoteID: "204", feedRemoteID: "7", title: "Genmaicha", html: "<p>Rice</p>", starred: true),
        ], accountID: account.id)
        #expect(result.added == 1 && result.updated + result.unchanged == 1, "\(result)")
        let rows = try store.articles(ArticleQuery(view: .all))
        #expect(rows.filter { $0.title == "Matcha" }.map { $0.read && $0.starred } == [true], "the article taken over takes the server's state")
        #expect(rows.filter { $0.title == "Genmaicha" }.map { !$0.read && $0.starred } == [true], "a new article comes in the server's state")
        #expect(try store.missingRemoteItems(accountID: account.id, among: ["103", "203", "204"]) == ["103"])
    }

    @Test func theServerDroppingAFeedRemovesItWithItsArticlesAndEmptyFolder() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let account = try accountWithFeed(store)
        let result = try store.applySubscriptions([], accountID: account.id)
        #expect(result.removed == 1)
        #expect(try store.feeds().isEmpty && store.folders().isEmpty)
        #expect(try store.count(.all) == 0 && store.count(.all, search: "oolong") == 0)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func removingAnAccountTakesEverythingItBroughtAndNothingElse() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let local = try store.addFeed(url: "https://example.org/local")
        try store.save(parsed([entry("l1", content: "<p>oolong too</p>")]), toFeed: local.id)
        let account = try accountWithFeed(store)
        try store.setRead(try store.articles(ArticleQuery(view: .all)).map(\.id), true)
        try store.removeAccount(account.id)
        #expect(try store.accounts().isEmpty)
        #expect(try store.feeds().map(\.id) == [local.id])
        #expect(try store.count(.all) == 1 && store.count(.all, search: "oolong") == 1)
        #expect(try store.integrityCheck() == "ok")
        #expect(throws: StorageError.self) { try store.removeAccount(account.id) }
    }

    @Test func theSameAccountCannotBeAddedTwice() throws {
        let (store, folder) = try makeStore()
        _ = folder
        try store.addAccount(kind: .googleReader, server: "https://a.example", userName: "ann")
        #expect(throws: StorageError.duplicateAccount(title: "ann on https://a.example")) {
            try store.addAccount(kind: .googleReader, server: "https://a.example", userName: "ann")
        }
        try store.addAccount(kind: .tinyTinyRSS, server: "https://a.example", userName: "ann")
        #expect(try store.accounts().count == 2)
    }
}

/// The JSON arrays a sync hands SQLite (`json_each(?)`): every text comes back as it went in.
@Suite struct JSONArrayTests {
    @Test func textsWithQuotesBackslashesControlsAndNonASCIIRoundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try SQLiteDatabase(path: folder.appending(path: "a.sqlite").path)
        let texts = ["1795994252218340", "-2", "tag:google.com,2005:reader/item/000661727f6c0fe4", "say \"hi\"", #"back\slash"#,
                     "tab\there\nnew line\u{1}", "Grüße, 東京", "", "user/-/label/Tea & Coffee"]
        let back = try database.query("SELECT value FROM json_each(?) ORDER BY key", [SQLValue.jsonArray(texts)]) { $0.text(0) ?? "" }
        #expect(back == texts)
        #expect(try database.query("SELECT count(*) FROM json_each(?)", [SQLValue.jsonArray([String]())]) { $0.int64(0) } == [0])
    }
}
