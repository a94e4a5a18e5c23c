import FeedParsing
import Foundation
import Testing
@testable import Library

/// Rules: refused when they cannot work, applied to what a refresh stores, applied to the
/// articles already there with an undo, and "notify always" heard by the arrival watch.
@Suite struct RuleTests {
    private func store(_ titles: [String], feed title: String = "Harbour") throws -> (LibraryStore, TempFolder, Feed) {
        let (store, folder) = try makeStore()
        let feed = try store.addFeed(url: "https://\(title.lowercased()).example/feed", title: title)
        try store.save(parsed(titles.enumerated().map { entry("\(title)-\($0.offset)", title: $0.element) }), toFeed: feed.id)
        return (store, folder, feed)
    }

    private func unreadTitles(_ store: LibraryStore) throws -> [String] {
        try store.articles(ArticleQuery(view: .unread)).compactMap(\.title).sorted()
    }

    @Test func aRuleThatCannotWorkIsRefusedWithTheReason() throws {
        let (store, folder) = try makeStore()
        _ = folder
        #expect(throws: StorageError.self) { try store.addRule(Rule(field: .title, match: .contains, text: "  ", action: .markRead)) }
        do {
            try store.addRule(Rule(field: .title, match: .matchesRegex, text: "sponsor(ed", action: .markRead))
            Issue.record("a regular expression that cannot compile was kept")
        } catch {
            #expect("\(error)".contains("without its )"), "\(error)")
        }
        let kept = try store.addRule(Rule(field: .any, match: .matchesRegex, text: "^\\[ad\\]", action: .hide))
        #expect(try store.rules() == [kept])
        try store.deleteRule(kept.id)
        #expect(try store.rules().isEmpty)
    }

    @Test func existingArticlesMeetARuleAndUndoPutsEverythingBack() throws {
        let (store, folder, _) = try store(["Sponsored: a new phone", "The last funicular", "SPONSORED post", "Bakers at dawn"])
        _ = folder
        _ = try store.setRead([try #require(try store.articles(ArticleQuery(view: .all)).first { $0.title == "SPONSORED post" }).id], true)
        let hide = try store.addRule(Rule(field: .title, match: .contains, text: "sponsored", action: .hide))
        let star = try store.addRule(Rule(field: .title, match: .matchesRegex, text: "fun.cular|bakers", action: .star))
        let matcher = try hide.matcher()
        #expect(try store.articles(matching: matcher).count == 2, "the live count of matching articles")

        let applied = try store.applyRules([hide, star], toArticlesAfter: 0)
        #expect(applied.hidden.count == 2 && applied.read.count == 1 && applied.starred.count == 2)
        #expect(try store.count(.all) == 2, "hidden articles are still listed")
        #expect(try store.articles(ArticleQuery(view: .all, search: "sponsored")).isEmpty, "hidden articles are still found")
        #expect(try store.count(.starred) == 2)
        try store.undo(applied)
        #expect(try store.count(.all) == 4 && store.count(.starred) == 0)
        #expect(try unreadTitles(store) == ["Bakers at dawn", "Sponsored: a new phone", "The last funicular"],
                "the undo marked unread an article read before the rule")
    }

    @Test func aRefreshAppliesTheRulesToWhatItBrings() async throws {
        let (store, folder) = try makeStore()
        _ = folder
        let server = try server()
        let name = "rules-\(UUID().uuidString)"
        let feed = try store.addFeed(url: server.url("/news/\(name).xml").absoluteString)
        try store.addRule(Rule(field: .title, match: .contains, text: "sponsored", action: .markRead))
        // A catastrophic pattern on a long title must not stall the refresh.
        try store.addRule(Rule(field: .title, match: .matchesRegex, text: "(a+)+$", action: .star))
        for title in ["Sponsored: a phone", "Harbour news", String(repeating: "a", count: 5_000) + "b"] {
            _ = try String(contentsOf: server.url("/_publish?feed=\(name)&title=\(title.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"),
                           encoding: .utf8)
        }
        let service = LibraryService(store: store, appVersion: "test")
        let report = await service.perform(LibraryRequest(refresh: true)) { _ in }
        #expect(report.failures.isEmpty, "\(report.failures)")
        let rows = try store.articles(ArticleQuery(view: .feed(feed.id)))
        #expect(rows.count == 3)
        #expect(rows.first { $0.title == "Sponsored: a phone" }?.read == true)
        #expect(rows.first { $0.title == "Harbour news" }?.read == false)
        #expect(try store.count(.starred) == 0, "(a+)+$ matched a title that ends in b")
    }

    @Test func notifyAlwaysAnnouncesAnArticleOfAMutedFeed() throws {
        let (store, folder, feed) = try store(["Old news"])
        _ = folder
        _ = try store.recordSuccess(feedID: feed.id, newURL: nil, etag: nil, lastModified: nil, status: 200,
                                    parsed: parsed([entry("Harbour-0", title: "Old news")]), now: Date())
        try store.setNotify(false, feedID: feed.id)
        try store.addRule(Rule(field: .title, match: .contains, text: "funicular", action: .notifyAlways))
        let watch = try ArrivalWatch(store: store, notifyByDefault: true)
        try store.save(parsed([entry("new-1", title: "The last funicular"), entry("new-2", title: "Bakers at dawn")]), toFeed: feed.id)
        #expect(try watch.arrivals(in: store).compactMap(\.title) == ["The last funicular"])
    }
}
