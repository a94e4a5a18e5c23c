import ArticleModel
import Foundation
import Testing
@testable import FeedParsing

@Suite struct JSONFeedTests {
    @Test func jsonFeed11() throws {
        let feed = try parseFixture("json/feed11.json")
        #expect(feed.format == .json11)
        #expect(feed.title == "JSON Feed")
        #expect(feed.authors == [Person(name: "Ann", uri: "https://example.org/ann")])
        let entry = try #require(feed.entries.first)
        #expect(entry.id == "42")
        #expect(entry.link == "https://example.org/posts/42")
        #expect(iso(entry.published) == "2024-06-01T08:00:00Z")
        #expect(entry.content == "<p>Hi</p>")
        #expect(entry.enclosures == [Enclosure(url: "https://example.org/a.mp3", type: "audio/mpeg", length: 1000)])
    }

    @Test func jsonFeed10SingleAuthor() throws {
        let feed = try parseFixture("json/feed10.json")
        #expect(feed.format == .json10)
        #expect(feed.authors.first?.name == "Bob")
        #expect(feed.entries.first?.content == "plain")
    }

    @Test func jsonThatIsNotAFeedThrows() throws {
        guard case .notJSONFeed(let reason) = try parseError("json/not-a-feed.json") else {
            Issue.record("expected notJSONFeed")
            return
        }
        #expect(reason.contains("dependencies"))
    }
}
