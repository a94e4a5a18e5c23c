import ArticleModel
import Foundation
import Testing
@testable import FeedParsing

/// libxml2 2.9 recovery gaps, one fixture each (Fixtures/malformed, Fixtures/rss).
@Suite struct RecoveryTests {
    @Test func unclosedInlineTagInTitleDoesNotSwallowTheFeed() throws {
        let feed = try parseFixture("malformed/unclosed-inline-in-title.xml")
        #expect(feed.entries.map(\.title) == ["x y", "Second", "Third z"])
        #expect(feed.entries.map(\.link) == ["http://example.com/1", "http://example.com/2", nil])
        #expect(feed.entries.last?.summary == "d")
        #expect(feed.warnings.contains { $0.contains("mismatch") })
    }

    @Test func strayLessThanInTextIsReadAsText() throws {
        let feed = try parseFixture("malformed/stray-less-than.xml")
        #expect(feed.entries.map(\.title) == ["a < b and 1<2, I <3 feeds", "After"])
        #expect(feed.entries.last?.summary == "x <= y")
        #expect(feed.warnings.contains { $0.contains("read as text") })
    }

    @Test func mismatchedEndTagClosesTheEntry() throws {
        let feed = try parseFixture("malformed/mismatched-end-tag.xml")
        #expect(feed.entries.map(\.title) == ["One", "Two"])
        #expect(feed.entries.first?.summary == "open para")
        #expect(feed.entries.last?.id == "2")
    }

    @Test func strayEndTagIsIgnored() throws {
        let feed = try parseFixture("malformed/stray-end-tag.xml")
        #expect(feed.title == "Broken feed")
        #expect(feed.entries.map(\.title) == ["First", "Second & last"])
    }

    @Test func undeclaredDublinCorePrefix() throws {
        let entry = try #require(try parseFixture("rss/undeclared-prefixes.xml").entries.first)
        #expect(entry.authors == [Person(name: "Jane Doe")])
        #expect(iso(entry.updated) == "2024-06-01T10:00:00Z")
    }

    @Test func undeclaredContentPrefix() throws {
        let entry = try #require(try parseFixture("rss/undeclared-prefixes.xml").entries.first)
        #expect(entry.content == "<p>Full text</p>")
    }

    @Test func undeclaredMediaPrefix() throws {
        let entry = try #require(try parseFixture("rss/undeclared-prefixes.xml").entries.first)
        #expect(entry.enclosures == [Enclosure(url: "http://example.com/v.mp4", type: "video/mp4", length: 42)])
        #expect(entry.thumbnailURL == "http://example.com/t.jpg")
    }

    @Test func strayEndTagPrefixIsStillAuthor() throws {
        let feed = try parseFixture("malformed/stray-end-tag.xml")
        #expect(feed.entries.last?.authors == [Person(name: "Undeclared prefix")])
    }
}
