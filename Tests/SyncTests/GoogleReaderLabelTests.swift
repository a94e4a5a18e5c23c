import Foundation
import Library
import Testing
@testable import Sync

/// Labels on articles through the Google Reader API (Fixtures/greader_server.py, FreshRSS's
/// flavor: `tag/list` marks labels `type: tag`): the server's labels and their articles come in,
/// a label put on, taken off, made, renamed and deleted in Lectern reaches the server.
@Suite struct GoogleReaderLabelTests {
    private typealias Server = GoogleReaderTests.Server

    /// The server's labels on one item.
    private func tags(_ server: Server, _ id: Int64) async throws -> Set<String> {
        let answer = try await server.control("state?ids=\(id)") as? [String: Any]
        let item = (answer?["items"] as? [String: Any])?[String(id)] as? [String: Any]
        return Set(item?["tags"] as? [String] ?? [])
    }

    private func labelled(_ store: LibraryStore, _ name: String) throws -> [String] {
        guard let label = try store.labels().first(where: { $0.name == name }) else { return [] }
        return try store.articles(ArticleQuery(view: .label(label.id))).compactMap(\.title).sorted()
    }

    @Test func labelsGoBothWays() async throws {
        let server = try await Server(flavor: "freshrss")
        let ids = GoogleReaderTests.IDs(flavor: "freshrss")
        var library = GoogleReaderTests.library(ids)
        var items = try #require(library["items"] as? [[String: Any]])
        items[0]["tags"] = ["Recipes"]                 // Oolong
        items[3]["tags"] = ["Recipes", "Keep"]         // Timetable: old, read, starred
        items[4]["tags"] = ["Keep"]                    // Archive: old and read, so fetched only for its label
        library["items"] = items
        library["labels"] = ["Recipes", "Keep", "Empty"]
        try await server.control("reset", library)
        let (service, folder) = try makeService(timeout: 3)
        _ = folder
        let store = service.store
        let account = try await service.addAccount(kind: .googleReader, server: server.base, user: "alice", password: server.password)
        let first = try await service.sync(account).get()
        #expect(first.newArticles == 5, "the window's, the old starred one and the old labelled one: \(first)")
        #expect(try store.labels().map(\.name) == ["Empty", "Keep", "Recipes"])
        #expect(try store.folders().map(\.title).contains("Recipes") == false, "a label is not a folder")
        #expect(try labelled(store, "Recipes") == ["Oolong", "Timetable"])
        #expect(try labelled(store, "Keep") == ["Archive", "Timetable"])

        // Here: Funicular labelled Recipes, Oolong's taken off, a new label on Sencha.
        let rows = try store.articles(ArticleQuery(view: .all))
        func id(_ title: String) throws -> Int64 { try #require(rows.first { $0.title == title }?.id) }
        let recipes = try #require(try store.labels().first { $0.name == "Recipes" })
        try store.setLabel(recipes.id, on: [try id("Funicular")], true)
        try store.setLabel(recipes.id, on: [try id("Oolong")], false)
        let gifts = try store.createLabel("Gifts", accountID: account.id)
        try store.setLabel(gifts.id, on: [try id("Sencha")], true)
        // There, meanwhile: Keep put on Oolong.
        try await server.control("state", ["id": ids.oolong, "tags": ["Keep"]])

        let second = try await service.sync(account).get()
        #expect(second.sent == 3 && second.dropped.isEmpty, "\(second)")
        #expect(try await tags(server, ids.funicular) == ["Recipes"])
        #expect(try await tags(server, ids.oolong) == ["Keep"], "taken off here, and Keep put on there")
        #expect(try await tags(server, ids.sencha) == ["Gifts"], "the server made the label as it was put on")
        #expect(try labelled(store, "Keep") == ["Archive", "Oolong", "Timetable"])
        #expect(try labelled(store, "Gifts") == ["Sencha"])

        // Renamed and deleted here, so there.
        try store.renameLabel(gifts.id, to: "Presents")
        try store.deleteLabel(try #require(try store.labels().first { $0.name == "Keep" }).id)
        let third = try await service.sync(account).get()
        #expect(third.sent == 2 && third.dropped.isEmpty, "\(third)")
        #expect(try await tags(server, ids.sencha) == ["Presents"])
        #expect(try await tags(server, ids.timetable) == ["Recipes"])
        #expect(try store.labels().map(\.name) == ["Empty", "Presents", "Recipes"])
        #expect(try store.articles(ArticleQuery(view: .all)).count == 5, "deleting a label keeps its articles")

        // A tag/list answered with garbage once: the labels stay as they are.
        try await server.control("fault", ["path": "tag/list", "kind": "garbage", "count": 1])
        _ = try await service.sync(account).get()
        #expect(try store.labels().map(\.name) == ["Empty", "Presents", "Recipes"])
        #expect(try labelled(store, "Presents") == ["Sencha"])
    }
}
