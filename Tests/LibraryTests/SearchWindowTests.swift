import Foundation
import Testing
@testable import Library

@Suite struct SearchWindowTests {
    /// A search matching more than `searchWindow` articles lists the newest of them,
    /// best first, and says how many it lists.
    @Test func aVeryBroadSearchListsItsNewestMatchesRankedAndCountsThem() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://example.org/feed.xml")
        let total = LibraryStore.searchWindow + 200
        let now = Date()
        let entries = (0..<total).map { index in
            entry("a\(index)", title: index == total - 1 ? "garden garden garden" : "garden note \(index)",
                  published: now.addingTimeInterval(TimeInterval(index - total)), summary: "about the garden")
        }
        _ = try store.save(parsed(entries), toFeed: feed.id)

        #expect(try store.count(.all, search: "garden") == LibraryStore.searchWindow)
        #expect(try store.count(.feed(feed.id), search: "garden") == LibraryStore.searchWindow)
        let first = try store.articles(ArticleQuery(view: .all, search: "garden", limit: 3))
        #expect(first.first?.title == "garden garden garden", "the best match among the newest comes first")
        let oldestListed = try store.articles(ArticleQuery(view: .all, search: "gard", limit: LibraryStore.searchWindow))
        #expect(oldestListed.count == LibraryStore.searchWindow)
        #expect(!oldestListed.contains { $0.title == "garden note 0" }, "the oldest matches are beyond the window")
        let inFeed = try store.articles(ArticleQuery(view: .feed(feed.id), search: "garden", limit: 3))
        #expect(inFeed.first?.title == "garden garden garden")
    }
}
