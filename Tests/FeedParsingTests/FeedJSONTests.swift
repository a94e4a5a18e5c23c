import ArticleModel
import Foundation
import Testing
@testable import FeedParsing

@Suite struct FeedJSONTests {
    @Test func keysInStableOrderWithNulls() {
        var entry = ParsedEntry(id: "1", title: "T \"q\"\n")
        entry.enclosures = [Enclosure(url: "u")]
        let feed = ParsedFeed(format: .rss20, updated: Date(timeIntervalSince1970: 0), entries: [entry], warnings: ["w"])
        let json = FeedJSON.encode(feed)
        #expect(json == #"{"format":"rss20","title":null,"link":null,"description":null,"language":null,"updated":"1970-01-01T00:00:00Z","authors":[],"entries":[{"id":"1","title":"T \"q\"\n","link":null,"published":null,"updated":null,"authors":[],"summary":null,"content":null,"categories":[],"enclosures":[{"url":"u","type":null,"length":null}]}],"warnings":["w"]}"#)
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
    }
}
