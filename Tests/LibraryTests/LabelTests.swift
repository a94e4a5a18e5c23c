import Foundation
import Testing
@testable import Library

/// Labels on articles (schema 8): the local library's and an account's, each a view with its
/// unread count; an account's changes queued for its server, the server's labels taken as the
/// truth except where a change is still queued.
@Suite struct LabelTests {
    private func accountWithArticles(_ store: LibraryStore) throws -> Account {
        let account = try store.addAccount(kind: .googleReader, server: "https://rss.example.org", userName: "ann")
        try store.applySubscriptions([RemoteFeed(remoteID: "feed/7", url: "https://example.org/feed", title: "Tea",
                                                 folder: RemoteFolder(remoteID: "user/-/label/Drinks", title: "Drinks"))],
                                     accountID: account.id)
        try store.saveRemoteItems([
            RemoteItem(remoteID: "101", feedRemoteID: "feed/7", title: "Oolong"),
            RemoteItem(remoteID: "102", feedRemoteID: "feed/7", title: "Sencha", read: true),
            RemoteItem(remoteID: "103", feedRemoteID: "feed/7", title: "Matcha"),
        ], accountID: account.id)
        return account
    }

    private func ids(_ store: LibraryStore, _ titles: String...) throws -> [Int64] {
        let rows = try store.articles(ArticleQuery(view: .all))
        return titles.compactMap { title in rows.first { $0.title == title }?.id }
    }

    @Test func aLocalLabelIsAViewWithItsUnreadCountAndKeepsItsArticles() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/local")
        try store.save(parsed([entry("a", title: "Kept"), entry("b", title: "Other"), entry("c", title: "Also kept")]), toFeed: feed.id)
        let later = try store.createLabel("  Later ", accountID: nil)
        #expect(later.name == "Later", "the name is trimmed")
        #expect(try store.setLabel(later.id, on: try ids(store, "Kept", "Also kept"), true) == 2)
        #expect(try store.setLabel(later.id, on: try ids(store, "Kept"), true) == 0, "already on it")

        #expect(try store.articles(ArticleQuery(view: .label(later.id))).compactMap(\.title).sorted() == ["Also kept", "Kept"])
        #expect(try store.unreadCounts().byLabel[later.id] == 2)
        try store.setRead(try ids(store, "Kept"), true)
        #expect(try store.unreadCounts().byLabel[later.id] == 1)
        #expect(try store.labelIDs(ofArticle: try ids(store, "Kept")[0]) == [later.id])

        // Pruning keeps a labelled article, as it keeps a starred one.
        try store.setRead(try ids(store, "Other", "Also kept"), true)
        #expect(try store.prune(retention: 0, now: Date().addingTimeInterval(60)) == 1)
        #expect(try store.articles(ArticleQuery(view: .all)).compactMap(\.title).sorted() == ["Also kept", "Kept"])

        #expect(throws: StorageError.invalidValue("there is already a label called later")) {
            try store.createLabel("later", accountID: nil)
        }
        #expect(throws: StorageError.invalidValue("a label needs a name")) { try store.createLabel("  ", accountID: nil) }
        #expect(throws: StorageError.invalidValue("a label's name cannot hold control characters")) {
            try store.createLabel("a\u{7}b", accountID: nil)
        }
        #expect(try store.pendingChanges(accountID: 1).isEmpty, "the local library queues nothing")

        try store.renameLabel(later.id, to: "Someday")
        try store.deleteLabel(later.id)
        #expect(try store.labels().isEmpty)
        #expect(try store.articles(ArticleQuery(view: .all)).count == 2, "deleting a label keeps its articles")
    }

    @Test func anAccountsLabelChangesAreQueuedNewestWinning() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let account = try accountWithArticles(store)
        let local = try store.addFeed(url: "https://example.org/local")
        try store.save(parsed([entry("l1", title: "Local")]), toFeed: local.id)
        let label = try store.createLabel("Recipes", accountID: account.id)
        #expect(try store.setLabel(label.id, on: try ids(store, "Oolong", "Matcha", "Local"), true) == 2,
                "a local article cannot carry an account's label")
        try store.setLabel(label.id, on: try ids(store, "Matcha"), false)
        let queued = try store.pendingChanges(accountID: account.id)
        #expect(queued.map { "\($0.kind.rawValue) \($0.target) \($0.value ?? "")" } == ["addLabel 101 Recipes", "removeLabel 103 Recipes"],
                "Matcha's add was replaced by its removal")

        try store.renameLabel(label.id, to: "Cooking")
        try store.deleteLabel(label.id)
        #expect(try store.pendingChanges(accountID: account.id).suffix(2).map { "\($0.kind.rawValue) \($0.target) \($0.value ?? "")" }
                == ["renameLabel Recipes Cooking", "deleteLabel Cooking "])
        #expect(throws: StorageError.invalidValue("the account has a folder called Drinks: its server would not tell them apart")) {
            try store.createLabel("Drinks", accountID: account.id)
        }
    }

    @Test func theServersLabelsWinExceptWhereAChangeIsStillQueued() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let account = try accountWithArticles(store)
        let changed = try store.applyRemoteLabels([
            RemoteLabel(remoteID: "user/-/label/Recipes", name: "Recipes", items: ["101", "102", "999"]),
            RemoteLabel(remoteID: "user/-/label/Gifts", name: "Gifts", items: []),
        ], accountID: account.id)
        #expect(changed == 2, "999 is not held")
        let labels = try store.labels()
        #expect(labels.map(\.name) == ["Gifts", "Recipes"])
        let recipes = try #require(labels.first { $0.name == "Recipes" })
        #expect(try store.articles(ArticleQuery(view: .label(recipes.id))).compactMap(\.title).sorted() == ["Oolong", "Sencha"])

        // Here: Sencha taken off, Matcha put on; the server still says Oolong and Sencha.
        try store.setLabel(recipes.id, on: try ids(store, "Sencha"), false)
        try store.setLabel(recipes.id, on: try ids(store, "Matcha"), true)
        try store.applyRemoteLabels([RemoteLabel(remoteID: "user/-/label/Recipes", name: "Recipes", items: ["101", "102"])],
                                    accountID: account.id)
        #expect(try store.articles(ArticleQuery(view: .label(recipes.id))).compactMap(\.title).sorted() == ["Matcha", "Oolong"],
                "the queued changes win")
        #expect(try store.labels().map(\.name) == ["Recipes"], "Gifts is gone from the server")

        // Once sent, the server's word is the truth again: renamed there, Oolong taken off.
        try store.removeChanges(try store.pendingChanges(accountID: account.id).map(\.id))
        try store.applyRemoteLabels([RemoteLabel(remoteID: "user/-/label/Recipes", name: "Dishes", items: ["103"])],
                                    accountID: account.id)
        #expect(try store.labels().map { "\($0.id) \($0.name)" } == ["\(recipes.id) Dishes"], "the same label, renamed")
        #expect(try store.articles(ArticleQuery(view: .label(recipes.id))).compactMap(\.title) == ["Matcha"])

        // A label made here waits for its first article to reach the server; the sync keeps it.
        let fresh = try store.createLabel("Fresh", accountID: account.id)
        try store.setLabel(fresh.id, on: try ids(store, "Oolong"), true)
        try store.applyRemoteLabels([], accountID: account.id)
        #expect(try store.labels().map(\.name) == ["Fresh"])
        #expect(try store.articles(ArticleQuery(view: .label(fresh.id))).compactMap(\.title) == ["Oolong"])
    }
}
