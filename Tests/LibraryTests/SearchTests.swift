import FeedParsing
import Foundation
import Testing
@testable import Library

@Suite struct SearchTests {
    private func store(with entries: [ParsedEntry]) throws -> (LibraryStore, TempFolder) {
        let (store, folder) = try makeStore()
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.save(parsed(entries), toFeed: feed.id)
        return (store, folder)
    }

    @Test func prefixMatchesAsTheUserTypes() throws {
        let (store, folder) = try store(with: [entry("1", title: "Swift on Linux"), entry("2", title: "Rust")])
        _ = folder
        #expect(try store.articles(ArticleQuery(view: .all, search: "swi")).map(\.title) == ["Swift on Linux"])
        #expect(try store.count(.all, search: "SWIFT lin") == 1)
        #expect(try store.count(.all, search: "swift rust") == 0) // words are ANDed
    }

    @Test func markupIsNotIndexedButTextAndAuthorsAre() throws {
        let (store, folder) = try store(with: [
            entry("1", title: "A", summary: "<span class=\"highlight\">visible</span> <script>hidden()</script>"),
            entry("2", title: "B", content: "<p>caf&eacute; cr&#232;me</p>", author: "Grace Hopper"),
        ])
        _ = folder
        #expect(try store.count(.all, search: "highlight") == 0)
        #expect(try store.count(.all, search: "span") == 0)
        #expect(try store.count(.all, search: "hidden") == 0)
        #expect(try store.count(.all, search: "visible") == 1)
        #expect(try store.count(.all, search: "cafe") == 1) // diacritics folded
        #expect(try store.count(.all, search: "crème") == 1)
        #expect(try store.count(.all, search: "hopper") == 1)
    }

    @Test func titleMatchesRankAboveContentMatches() throws {
        let (store, folder) = try store(with: [
            entry("1", title: "Gardening", content: "A long text that mentions kernels once among many other words."),
            entry("2", title: "Kernel news", content: "Nothing else."),
        ])
        _ = folder
        #expect(try store.articles(ArticleQuery(view: .all, search: "kernel")).map(\.title) == ["Kernel news", "Gardening"])
    }

    @Test(arguments: ["\"", "foo\" OR bar", "NEAR(a b)", "title:x", "a AND", "(", "*", "-", "^x", "'; DROP TABLE articles; --"])
    func queryOperatorsAreText(typed: String) throws {
        let (store, folder) = try store(with: [entry("1", title: "foo bar x")])
        _ = folder
        _ = try store.articles(ArticleQuery(view: .all, search: typed))
        _ = try store.count(.all, search: typed)
        #expect(try store.count(.all) == 1)
    }

    @Test func searchCombinesWithViews() throws {
        let (store, folder) = try store(with: [entry("1", title: "swift one"), entry("2", title: "swift two")])
        _ = folder
        let rows = try store.articles(ArticleQuery(view: .all, search: "swift"))
        try store.setStarred([rows[0].id], true)
        #expect(try store.count(.starred, search: "swift") == 1)
        #expect(try store.count(.unread, search: "swift") == 2)
    }
}
