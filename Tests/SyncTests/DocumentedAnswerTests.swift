import Foundation
import Library
import Testing
@testable import Sync

/// The answers the Miniflux, Nextcloud News and Feedbin API references show, one file an endpoint
/// (`Fixtures/documented/<protocol>/`, each naming its reference's section), hold the loopback
/// fakes and the clients to the references rather than to each other:
/// - the fake, holding the account those answers describe, answers each documented call with the
///   documented status and every field the reference shows, of the same JSON kind;
/// - a client syncing against those answers alone (the fake serving the files) brings the account
///   they describe into the library.
@Suite struct DocumentedAnswerTests {
    /// The account every protocol's recorded answers describe: three feeds, two folders, five
    /// articles (read or not, starred or not) published in November 2026.
    struct Article {
        let title: String, feed: Int, published: String, read: Bool, starred: Bool, url: String, author: String?
    }

    static let feeds = ["Tidepool Notes", "Slow Kitchen", "Orbital Weekly"]
    static let feedAddresses = ["https://tidepool.example.org/feed.xml", "https://slowkitchen.example.com/rss", "https://orbital.example.net/atom.xml"]
    static let sites = ["https://tidepool.example.org/", "https://slowkitchen.example.com/", "https://orbital.example.net/"]
    static let articles = [
        Article(title: "Counting limpets at low tide", feed: 0, published: "2026-11-02T08:30:00Z", read: false, starred: false,
                url: "https://tidepool.example.org/2026/11/counting-limpets", author: "Mara Quint"),
        Article(title: "A week of sourdough starters", feed: 1, published: "2026-11-05T17:10:00Z", read: true, starred: true,
                url: "https://slowkitchen.example.com/posts/sourdough-week", author: "Ilse Varga"),
        Article(title: "Launch windows for the winter", feed: 2, published: "2026-11-09T12:00:00Z", read: false, starred: true,
                url: "https://orbital.example.net/issues/41", author: nil),
        Article(title: "Kelp forests after the storm", feed: 0, published: "2026-11-14T06:45:00Z", read: true, starred: false,
                url: "https://tidepool.example.org/2026/11/kelp-after-the-storm", author: "Mara Quint"),
        Article(title: "Roasting squash without a tray", feed: 1, published: "2026-11-20T19:20:00Z", read: false, starred: false,
                url: "https://slowkitchen.example.com/posts/squash-no-tray", author: "Ilse Varga"),
    ]
    /// What the documented answers' subscribe and discover calls ask the server to fetch.
    static let garden = "https://garden.example.com/feed.atom"

    static func seconds(_ iso: String) -> Int { Int(ISO8601DateFormatter().date(from: iso)?.timeIntervalSince1970 ?? 0) }

    /// A protocol: its fake, its sign-in, and the documented account in the fake's own terms.
    enum Server: String, CaseIterable, Sendable {
        case miniflux, nextcloudNews = "nextcloud_news", feedbin

        var script: String { rawValue + "_server.py" }
        var kind: Account.Kind {
            switch self {
            case .miniflux: .miniflux
            case .nextcloudNews: .nextcloudNews
            case .feedbin: .feedbin
            }
        }
        var user: String { self == .feedbin ? "ann@example.org" : "alice" }
        var password: String { self == .feedbin ? "hunter2-feedbin" : "wonderland" }
        var authorization: String { SyncHTTP.basicAuthorization(user: user, password: password) }
        /// Each feed's folder in the documented account (nil: none; Miniflux keeps every feed in one).
        var folders: [String?] { self == .miniflux ? ["Science", "Kitchen", "Science"] : ["Science", "Kitchen", nil] }

        var library: [String: Any] {
            switch self {
            case .miniflux: DocumentedAnswerTests.minifluxLibrary()
            case .nextcloudNews: DocumentedAnswerTests.nextcloudNewsLibrary()
            case .feedbin: DocumentedAnswerTests.feedbinLibrary()
            }
        }
    }

    static func minifluxLibrary() -> [String: Any] {
        let ids = [3, 5, 8]
        var feedRows: [[String: Any]] = []
        for index in 0..<3 {
            let row: [String: Any] = ["id": ids[index], "title": feeds[index], "feed_url": feedAddresses[index], "site_url": sites[index],
                                      "category_id": index == 1 ? 12 : 11, "icon": index == 0]
            feedRows.append(row)
        }
        var entries: [[String: Any]] = []
        for (index, article) in articles.enumerated() {
            let row: [String: Any] = ["id": 101 + index, "feed_id": ids[article.feed], "title": article.title, "url": article.url,
                                      "content": "<p>\(article.title)</p>", "published": seconds(article.published),
                                      "status": article.read ? "read" : "unread", "starred": article.starred]
            entries.append(row)
        }
        let item: [String: Any] = ["title": "First beds", "url": "https://garden.example.com/first-beds", "content": "<p>Beds</p>"]
        let web: [String: Any] = [garden: ["title": "Market Garden Diary", "items": [item]] as [String: Any],
                                  "https://garden.example.com/": ["links_to": garden]]
        return ["categories": [["id": 11, "title": "Science"], ["id": 12, "title": "Kitchen"]], "feeds": feedRows, "entries": entries, "web": web]
    }

    static func nextcloudNewsLibrary() -> [String: Any] {
        var feedRows: [[String: Any]] = []
        for index in 0..<3 {
            let folder: Any = index == 2 ? NSNull() : 21 + index
            let row: [String: Any] = ["id": 31 + index, "title": feeds[index], "url": feedAddresses[index], "link": sites[index], "folderId": folder]
            feedRows.append(row)
        }
        var items: [[String: Any]] = []
        for (index, article) in articles.enumerated() {
            let author: Any = article.author ?? NSNull()
            let row: [String: Any] = ["id": 501 + index, "feedId": 31 + article.feed, "title": article.title, "url": article.url, "author": author,
                                      "body": "<p>\(article.title)</p>", "pubDate": seconds(article.published),
                                      "unread": !article.read, "starred": article.starred]
            items.append(row)
        }
        let item: [String: Any] = ["title": "First beds", "url": "https://garden.example.com/first-beds", "body": "<p>Beds</p>"]
        let web: [String: Any] = [garden: ["title": "Market Garden Diary", "items": [item]] as [String: Any]]
        return ["folders": [["id": 21, "name": "Science"], ["id": 22, "name": "Kitchen"]], "feeds": feedRows, "items": items, "web": web]
    }

    static func feedbinLibrary() -> [String: Any] {
        let tags = [["Science"], ["Kitchen"], []]
        var feedRows: [[String: Any]] = []
        for index in 0..<3 {
            let row: [String: Any] = ["id": 301 + index, "subscription_id": 7001 + index, "title": feeds[index], "feed_url": feedAddresses[index],
                                      "site_url": sites[index], "tags": tags[index]]
            feedRows.append(row)
        }
        let now = Int(Date().timeIntervalSince1970)
        var entries: [[String: Any]] = []
        for (index, article) in articles.enumerated() {
            let author: Any = article.author ?? NSNull()
            let row: [String: Any] = ["id": 90001 + index, "feed_id": 301 + article.feed, "title": article.title, "url": article.url,
                                      "author": author, "content": "<p>\(article.title)</p>", "published": seconds(article.published),
                                      "age": now - seconds(article.published)]
            entries.append(row)
        }
        let unread = articles.indices.filter { !articles[$0].read }.map { 90001 + $0 }
        let starred = articles.indices.filter { articles[$0].starred }.map { 90001 + $0 }
        let entry: [String: Any] = ["title": "First beds", "url": "https://garden.example.com/first-beds"]
        let web: [String: Any] = [garden: ["title": "Market Garden Diary", "entries": [entry]] as [String: Any]]
        let icons = ["tidepool.example.org": "https://icons.example.net/tidepool.png", "slowkitchen.example.com": "https://icons.example.net/kitchen.png"]
        return ["feeds": feedRows, "entries": entries, "unread": unread, "starred": starred, "icons": icons, "web": web]
    }

    @Test(arguments: Server.allCases)
    func theFakeAnswersEachDocumentedCallInTheReferencesShape(_ server: Server) async throws {
        let answers = try DocumentedAnswer.all(server.rawValue)
        #expect(answers.count >= 9, "an answer for each endpoint the client reads")
        let fake = try await APIFixtureServer(server.script)
        try await fake.control("reset", server.library)
        for documented in answers {
            let (status, answer) = try await documented.call(fake.base, authorization: server.authorization)
            #expect(status == documented.status, "\(documented): \(documented.reference)")
            let differences = shapeDifferences(answer, from: documented.answer)
            #expect(differences.isEmpty, "\(documented), against \(documented.reference):\n\(differences.joined(separator: "\n"))")
        }
    }

    @Test(arguments: Server.allCases)
    func aSyncOfTheReferencesAnswersBringsTheAccountTheyDescribe(_ server: Server) async throws {
        let fake = try await APIFixtureServer(server.script)
        try await fake.control("documented", ["folder": fixture("documented/\(server.rawValue)").path])
        let (service, folder) = try makeService(timeout: 3, windowDays: 3650)
        _ = folder
        let account = try await service.addAccount(kind: server.kind, server: fake.base, user: server.user, password: server.password)
        let summary = try await service.sync(account).get()
        #expect(summary.newArticles == Self.articles.count, "\(summary)")

        let store = service.store
        let feeds = try store.feeds()
        let folders = try Dictionary(uniqueKeysWithValues: store.folders().map { ($0.id, $0.title) })
        #expect(feeds.compactMap(\.title).sorted() == Self.feeds.sorted())
        for (index, title) in Self.feeds.enumerated() {
            let feed = try #require(feeds.first { $0.title == title })
            #expect(feed.folderID.flatMap { folders[$0] } == server.folders[index], "\(title)'s folder")
        }
        let rows = try store.articles(ArticleQuery(view: .all))
        #expect(Set(rows.compactMap(\.title)) == Set(Self.articles.map(\.title)))
        #expect(try Set(store.articles(ArticleQuery(view: .unread)).compactMap(\.title)) == Set(Self.articles.filter { !$0.read }.map(\.title)))
        #expect(try Set(store.articles(ArticleQuery(view: .starred)).compactMap(\.title)) == Set(Self.articles.filter(\.starred).map(\.title)))
        for expected in Self.articles {
            let row = try #require(rows.first { $0.title == expected.title })
            let article = try #require(try store.article(id: row.id))
            #expect(article.link == expected.url, "\(expected.title)")
            #expect(article.published == ISO8601DateFormatter().date(from: expected.published), "\(expected.title)")
            #expect(article.authors.first?.name == expected.author, "\(expected.title)")
            #expect(feeds.first { $0.id == row.feedID }?.title == Self.feeds[expected.feed], "\(expected.title)'s feed")
        }
    }
}
