import Foundation
import Testing
@testable import Library

/// Which new articles a refresh announces: unread ones, stored after the watch began, in feeds
/// fetched before that notify (by their own setting, or by the app's switch).
@Suite struct ArrivalWatchTests {
    private func fetched(_ store: LibraryStore, _ url: String, title: String) throws -> Feed {
        let feed = try store.addFeed(url: url, title: title)
        _ = try store.recordSuccess(feedID: feed.id, newURL: nil, etag: nil, lastModified: nil, status: 200,
                                    parsed: parsed([entry("\(title)-old")]), now: Date())
        return feed
    }

    @Test func onlyUnreadArrivalsInFeedsThatNotifyAndWereFetchedBefore() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let news = try fetched(store, "https://news.example/feed", title: "News")
        let muted = try fetched(store, "https://muted.example/feed", title: "Muted")
        let loud = try fetched(store, "https://loud.example/feed", title: "Loud")
        try store.setNotify(false, feedID: muted.id)
        try store.setNotify(true, feedID: loud.id)
        let fresh = try store.addFeed(url: "https://fresh.example/feed", title: "Fresh")   // never fetched

        let watch = try ArrivalWatch(store: store, notifyByDefault: true)
        for feed in [news, muted, loud, fresh] {
            try store.save(parsed([entry("\(feed.title!)-1"), entry("\(feed.title!)-2")]), toFeed: feed.id)
        }
        let readID = try #require(try store.articles(ArticleQuery(view: .feed(news.id))).first { $0.title == "News-2" }?.id)
        _ = try store.setRead([readID], true)
        let arrivals = try watch.arrivals(in: store)
        #expect(Set(arrivals.compactMap(\.title)) == ["News-1", "Loud-1", "Loud-2"])

        // With the app's switch off, only the feed switched on is announced.
        let quiet = try ArrivalWatch(store: store, notifyByDefault: false)
        for feed in [news, loud] { try store.save(parsed([entry("\(feed.title!)-3")]), toFeed: feed.id) }
        #expect(try quiet.arrivals(in: store).compactMap(\.title) == ["Loud-3"])
        #expect(try store.feed(id: muted.id)?.notify == false)
    }
}
