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

    /// What the user types is words, never FTS5 syntax: `OR` must be in the article, `title:x`
    /// is two words and no column filter, and nothing typed can break the query or the table.
    @Test(arguments: [("\"", 0), ("foo\" OR bar", 0), ("NEAR(a b)", 1), ("title:x", 0), ("a AND", 1), ("(", 0),
                      ("*", 0), ("-", 0), ("^x", 1), ("'; DROP TABLE articles; --", 1)])
    func queryOperatorsAreText(typed: String, matches: Int) throws {
        let (store, folder) = try store(with: [entry("1", title: "foo bar x"),
                                               entry("2", title: "near a b title and or drop table articles")])
        _ = folder
        #expect(try store.articles(ArticleQuery(view: .all, search: typed)).count == matches)
        #expect(try store.count(.all, search: typed) == matches)
        #expect(try store.count(.all) == 2)
    }

    /// Search text and excerpts come from the same HTML→text path as titles: entities far
    /// outside the handful common in feeds read as their characters.
    @Test func entitiesAnywhereInHTMLAreReadAsText() throws {
        let (store, folder) = try store(with: [
            entry("1", title: "Open sandwiches", summary: "<p>Sm&oslash;rrebr&oslash;d &ndash; &frac12; price &hellip; in Z&uuml;rich &euro;5</p>"),
        ])
        _ = folder
        #expect(try store.count(.all, search: "smørrebrød") == 1)
        #expect(try store.count(.all, search: "zürich") == 1)
        #expect(try store.count(.all, search: "zurich") == 1)   // diacritics folded
        #expect(try store.count(.all, search: "oslash") == 0)   // the entity's name is not text
        let row = try #require(try store.articles(ArticleQuery(view: .all)).first)
        #expect(row.excerpt == "Smørrebrød – ½ price … in Zürich €5")
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
