import ArticleModel
import Foundation
import Testing
@testable import FeedParsing

/// One test per quirk, each on its own hand-made fixture under Fixtures/.
@Suite struct QuirkTests {
    @Test func undeclaredHTMLEntitiesAreDecoded() throws {
        let feed = try parseFixture("rss/undeclared-html-entities.xml")
        #expect(feed.title == "Café & crème — naïve")
        #expect(feed.entries.first?.title == "“Quoted”\u{A0}text &unknownthing;")
        #expect(feed.warnings.isEmpty)
    }

    @Test func bareAmpersandsAreKeptAsText() throws {
        let feed = try parseFixture("rss/bare-ampersands.xml")
        #expect(feed.title == "AT&T News")
        #expect(feed.link == "http://example.com/?a=1&b=2")
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "Fish & Chips")
        #expect(entry.link == "http://example.com/item?x=1&y=2")
        #expect(entry.enclosures == [Enclosure(url: "http://example.com/a.mp3?x=1&y=2", type: "audio/mpeg", length: 123)])
        #expect(entry.categories == ["Food & Drink"])
    }

    @Test func declaredInternalEntityIsInlined() throws {
        let feed = try parseFixture("rss/declared-entity.xml")
        #expect(feed.entries.first?.id == "tag:example.com,2024:1")
    }

    @Test func rssAuthorStringsAreSplit() throws {
        let feed = try parseFixture("rss/author-forms.xml")
        #expect(feed.authors == [Person(name: "Ed Itor", email: "editor@example.com")])
        #expect(feed.entries[0].authors == [Person(name: "Jane Doe", email: "jane@example.com")])
        #expect(feed.entries[1].authors == [Person(name: "John Smith")]) // dc:creator + itunes:author, once
    }

    @Test func mediaContentThumbnailAndPermalinkGuid() throws {
        let feed = try parseFixture("rss/media-and-guid.xml")
        let entry = feed.entries[0]
        #expect(entry.title == "Bold move") // RSS title that looks like HTML is stripped
        #expect(entry.id == "http://example.com/posts/1")
        #expect(entry.link == "http://example.com/posts/1") // permalink guid stands in for the link
        #expect(iso(entry.published) == "2024-06-01T07:48:24Z")
        #expect(entry.enclosures == [Enclosure(url: "http://cdn.example.com/v.mp4", type: "video/mp4", length: 2048)])
        #expect(entry.thumbnailURL == "http://example.com/thumbs/1.jpg")
        #expect(entry.summary == "<p>Summary</p>")
        #expect(feed.entries[1].link == "http://example.com/relative/2")
    }

    @Test func aPodcastFeedSaysEachEpisodesLengthSeasonNumberAndChapters() throws {
        let feed = try parseFixture("rss/podcast-episodes.xml")
        let details = Dictionary(uniqueKeysWithValues: feed.entries.map { ($0.title ?? "", $0.episode) })
        #expect(details["Long"] == EpisodeDetails(duration: 3723, season: 2, number: 14, chaptersURL: "http://example.com/e/1/chapters.json"))
        #expect(details["Short"] == EpisodeDetails(duration: 2525))
        #expect(details["Seconds"] == EpisodeDetails(duration: 2400), "episode 0 is no number")
        #expect(details["Junk"] == EpisodeDetails(), "what cannot be read is left out")
        #expect(EpisodeDetails.seconds(from: "1:75:00") == nil && EpisodeDetails.seconds(from: "-5") == nil
                && EpisodeDetails.seconds(from: "9999:00:00") == nil && EpisodeDetails.seconds(from: "90.5") == 90.5)
    }

    @Test func aJSONFeedAttachmentSaysItsLength() throws {
        let json = #"{"version":"https://jsonfeed.org/version/1.1","title":"T","items":[{"id":"1","attachments":[{"url":"https://example.com/1.mp3","mime_type":"audio/mpeg","duration_in_seconds":1800}]}]}"#
        let feed = try FeedParser.parse(Data(json.utf8), url: URL(string: "https://example.com/feed.json"), contentType: nil)
        #expect(feed.entries.first?.episode == EpisodeDetails(duration: 1800))
    }

    @Test func fallbackIDIsStableAcrossParses() throws {
        let first = try parseFixture("rss/media-and-guid.xml").entries[1].id
        let second = try parseFixture("rss/media-and-guid.xml").entries[1].id
        #expect(first != nil)
        #expect(first == second)
        #expect(first?.hasPrefix("urn:lectern:") == true)
    }

    @Test func rss10RDFWithRDFAbout() throws {
        let feed = try parseFixture("rdf/rss10.xml")
        #expect(feed.format == .rss10)
        #expect(feed.language == "en")
        #expect(feed.entries.first?.id == "http://example.com/1")
        #expect(iso(feed.entries.first?.updated) == "2003-12-31T10:14:55Z")
    }

    @Test func rss090Namespace() throws {
        let feed = try parseFixture("rdf/rss090.xml")
        #expect(feed.format == .rss090)
        #expect(feed.entries.map(\.title) == ["Item"])
    }

    @Test func nestedXMLBaseResolvesLinks() throws {
        let feed = try parseFixture("atom/nested-xml-base.xml")
        #expect(feed.link == "http://example.org/blog/index.html") // not the self link
        #expect(feed.iconURL == "http://example.org/favicon.ico")
        #expect(feed.authors.first?.uri == "http://example.org/blog/about/")
        let entry = try #require(feed.entries.first)
        #expect(entry.link == "http://example.org/blog/2024/06/post.html")
        #expect(entry.enclosures.first?.url == "http://example.org/blog/media/a.mp3")
    }

    @Test func atomHTMLAndXHTMLTitlesArePlainText() throws {
        let feed = try parseFixture("atom/nested-xml-base.xml")
        #expect(feed.title == "A great & tidy blog")
        #expect(feed.entries.first?.title == "Hello world")
        #expect(iso(feed.updated) == "2024-06-01T11:07:54Z")
    }

    @Test func atomXHTMLContentIsSerialisedWithoutWrapper() throws {
        let entry = try #require(try parseFixture("atom/nested-xml-base.xml").entries.first)
        #expect(entry.content == "<p>Para &amp; <a href=\"x.html\">link</a></p>")
        #expect(entry.categories == ["swift", "linux"])
    }

    @Test func atom03EscapedModeAndDates() throws {
        let feed = try parseFixture("atom/atom03.xml")
        #expect(feed.format == .atom03)
        #expect(feed.title == "Old <i>Atom</i>") // escaped markup shown as text
        #expect(iso(feed.entries.first?.published) == "2004-01-01T19:48:21Z")
        #expect(iso(feed.entries.first?.updated) == "2004-01-02T00:00:00Z")
    }
}
