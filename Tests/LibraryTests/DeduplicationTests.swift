import FeedParsing
import Foundation
import Testing
@testable import Library

@Suite struct DeduplicationTests {
    @Test func sameIDUpdatesInPlaceAndKeepsStatus() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.save(parsed([entry("a", title: "Old title")]), toFeed: feed.id)
        let id = try #require(try store.articles(ArticleQuery(view: .all)).first?.id)
        try store.setRead([id], true)
        try store.setStarred([id], true)
        let result = try store.save(parsed([entry("a", title: "New title")]), toFeed: feed.id)
        #expect(result == IngestResult(updated: 1))
        let rows = try store.articles(ArticleQuery(view: .all))
        #expect(rows.map(\.id) == [id])
        #expect(rows[0].title == "New title" && rows[0].read && rows[0].starred)
        #expect(try store.count(.all, search: "new") == 1)
        #expect(try store.count(.all, search: "old") == 0)
        #expect(try store.save(parsed([entry("a", title: "New title")]), toFeed: feed.id) == IngestResult(unchanged: 1))
    }

    @Test func aChangedBodyUpdatesTheExcerptTheReaderAndSearch() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.save(parsed([entry("a", title: "Post", summary: "<p>First draft</p>")]), toFeed: feed.id)
        let result = try store.save(parsed([entry("a", title: "Post", summary: "<p>Second thoughts</p>")]), toFeed: feed.id)
        #expect(result == IngestResult(updated: 1))
        let row = try #require(try store.articles(ArticleQuery(view: .all)).first)
        #expect(row.excerpt == "Second thoughts", "the list kept the old excerpt")
        #expect(try store.article(id: row.id)?.summary == "<p>Second thoughts</p>")
        #expect(try store.count(.all, search: "thoughts") == 1 && store.count(.all, search: "draft") == 0)
    }

    @Test func unstableIDWithSameLinkUpdatesInPlace() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        try store.save(parsed([entry("id-1", title: "Post", link: "https://example.org/post")]), toFeed: feed.id)
        let id = try #require(try store.articles(ArticleQuery(view: .all)).first?.id)
        try store.setRead([id], true)
        try store.save(parsed([entry("id-2", title: "Post", link: "https://example.org/post")]), toFeed: feed.id)
        let rows = try store.articles(ArticleQuery(view: .all))
        #expect(rows.count == 1 && rows[0].id == id && rows[0].read)
    }

    @Test func itemsSharingOneLinkAreNotMerged() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        let home = "https://example.org/"
        try store.save(parsed([entry("ep1", link: home), entry("ep2", link: home)]), toFeed: feed.id)
        try store.save(parsed([entry("ep1", link: home), entry("ep2", link: home), entry("ep3", link: home)]), toFeed: feed.id)
        #expect(try store.count(.all) == 3)
    }

    @Test func prunedReadArticlesDoNotComeBackAndStarredStay() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        let long = Date().addingTimeInterval(-200 * day)
        let items = [entry("old-read", link: "https://example.org/1"), entry("old-starred"), entry("old-unread")]
        try store.save(parsed(items), toFeed: feed.id, now: long)
        let rows = try store.articles(ArticleQuery(view: .all))
        let byGuid = Dictionary(uniqueKeysWithValues: rows.map { ($0.title ?? "", $0.id) })
        try store.setRead([byGuid["old-read"]!, byGuid["old-starred"]!], true)
        try store.setStarred([byGuid["old-starred"]!], true)
        #expect(try store.prune() == 1)
        #expect(try store.count(.all) == 2)
        #expect(try store.count(.all, search: "read") == 0)
        // The feed still lists it (even with a new id but the same link): it stays gone.
        #expect(try store.save(parsed(items), toFeed: feed.id) == IngestResult(unchanged: 2, skipped: 1))
        let renamed = try store.save(parsed([entry("renamed", link: "https://example.org/1")]), toFeed: feed.id)
        #expect(renamed == IngestResult(skipped: 1))
        #expect(try store.count(.all) == 2)
        // A shorter window prunes nothing unread or starred.
        #expect(try store.prune(retention: 0) == 0)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func entriesWithoutIdentityAreSkipped() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed")
        let result = try store.save(parsed([ParsedEntry(summary: "nothing to key on"), entry("a"), entry("a")]), toFeed: feed.id)
        #expect(result == IngestResult(added: 1, skipped: 2))
    }
}
