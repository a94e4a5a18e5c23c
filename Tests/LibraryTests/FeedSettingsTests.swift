import FeedParsing
import Foundation
import Testing
@testable import Library

/// A feed's settings: kept in the library, honoured by refreshes, carried through OPML; a new
/// address is fetched before it is kept.
@Suite struct FeedSettingsTests {
    @Test func settingsAreKeptAndAnAddressChangeForgetsTheOldFetchState() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let news = try store.folder(named: "News")
        let feed = try store.addFeed(url: "https://old.example/feed", title: "Old name")
        try store.recordFailure(feedID: feed.id, status: 500, message: "broken", nextAttempt: Date().addingTimeInterval(3600), gone: false, now: Date())
        var settings = FeedSettings(of: feed)
        settings.title = "Harbour Notes"
        settings.folderID = news.id
        settings.refreshMinutes = 15
        settings.notify = false
        settings.opensInBrowser = true
        settings.alwaysFullArticle = true
        try store.apply(settings, toFeed: feed.id)
        try store.changeAddress(feedID: feed.id, to: "https://new.example/feed")
        let kept = try #require(try store.feed(id: feed.id))
        #expect(FeedSettings(of: kept) == settings)
        #expect(kept.url == "https://new.example/feed")
        #expect(kept.fetchState.failureCount == 0 && kept.fetchState.nextAttempt == nil && kept.fetchState.lastError == nil)

        let other = try store.addFeed(url: "https://other.example/feed")
        #expect(throws: StorageError.self) { try store.changeAddress(feedID: other.id, to: "https://new.example/feed") }
        var negative = settings
        negative.refreshMinutes = -5
        #expect(throws: StorageError.self) { try store.apply(negative, toFeed: feed.id) }
    }

    @Test func aFeedIsDueByItsOwnIntervalNeverWhenSetSoAndNotWhileBackingOff() {
        let now = Date()
        var feed = Feed(id: 1, url: "https://example.org/feed")
        #expect(feed.isDue(at: now, defaultInterval: 3600), "a feed never tried is due")
        feed.fetchState.lastAttempt = now.addingTimeInterval(-20 * 60)
        #expect(!feed.isDue(at: now, defaultInterval: 3600))
        feed.refreshMinutes = 15
        #expect(feed.isDue(at: now, defaultInterval: 3600))
        feed.refreshMinutes = 0
        #expect(!feed.isDue(at: now.addingTimeInterval(365 * 24 * 3600), defaultInterval: 3600))
        feed.refreshMinutes = 15
        feed.fetchState.nextAttempt = now.addingTimeInterval(600)
        #expect(!feed.isDue(at: now, defaultInterval: 3600))
    }

    @Test func theTimerFetchesOnlyDueFeedsAndNeverMeansNever() async throws {
        let (store, folder) = try makeStore()
        _ = folder
        let server = try server()
        // Paths of this test's own: the loopback server is shared by the whole suite.
        let paths = ["fresh", "stale", "never"].map { "/news/\($0)-\(UUID().uuidString).xml" }
        let fresh = try store.addFeed(url: server.url(paths[0]).absoluteString)
        let stale = try store.addFeed(url: server.url(paths[1]).absoluteString)
        let never = try store.addFeed(url: server.url(paths[2]).absoluteString)
        var settings = FeedSettings(of: never)
        settings.refreshMinutes = 0
        try store.apply(settings, toFeed: never.id)
        try store.recordNotModified(feedID: fresh.id, newURL: nil, etag: nil, now: Date().addingTimeInterval(-5 * 60))
        try store.recordNotModified(feedID: stale.id, newURL: nil, etag: nil, now: Date().addingTimeInterval(-2 * 3600))
        let service = LibraryService(store: store, appVersion: "test")

        _ = await service.perform(LibraryRequest(refresh: true, automaticInterval: 3600)) { _ in }
        #expect(try await server.hits(paths[0]) == 0, "a feed refreshed five minutes ago was fetched again")
        #expect(try await server.hits(paths[1]) == 1)
        #expect(try await server.hits(paths[2]) == 0, "a feed set to never was fetched")

        _ = await service.perform(LibraryRequest(refresh: true)) { _ in }   // r: everything but never
        #expect(try await server.hits(paths[0]) == 1)
        #expect(try await server.hits(paths[2]) == 0, "a feed set to never was fetched by r")
    }

    @Test func settingsTravelThroughOPML() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let feed = try store.addFeed(url: "https://harbour.example/feed", title: "Harbour")
        let plain = try store.addFeed(url: "https://plain.example/feed", title: "Plain")
        var settings = FeedSettings(of: feed)
        settings.refreshMinutes = 360
        settings.notify = true
        settings.opensInBrowser = true
        settings.alwaysFullArticle = true
        settings.downloadsEpisodes = true
        try store.apply(settings, toFeed: feed.id)
        let text = try OPML.export(store).text
        #expect(text.contains("xmlns:lectern=\"https://lectern.dev/opml\""))
        #expect(text.contains("lectern:downloadEpisodes=\"true\""), "the feed's downloads travel too:\n\(text)")
        #expect(text.components(separatedBy: " lectern:").count - 1 == 5,
                "only the five settings that differ from the defaults are written:\n\(text)")

        let (copy, copyFolder) = try makeStore()
        _ = copyFolder
        try OPML.importDocument(Data(text.utf8), into: copy)
        let imported = try #require(try copy.feed(url: "https://harbour.example/feed"))
        #expect(FeedSettings(of: imported) == settings)
        let untouched = try #require(try copy.feed(url: plain.url))
        #expect(untouched.refreshMinutes == nil && untouched.notify == nil && !untouched.opensInBrowser && !untouched.alwaysFullArticle
                && !untouched.downloadsEpisodes)
    }

    @Test func aNewAddressIsFetchedAndAPermanentRedirectOffered() async throws {
        let (store, folder) = try makeStore()
        _ = folder
        let server = try server()
        let subscriber = Subscriber(store: store, policy: testPolicy)
        let good = server.url("/feed.xml").absoluteString
        #expect(try await subscriber.check(address: good) == good)
        #expect(try await subscriber.check(address: server.url("/moved").absoluteString) == server.url("/moved-target.xml").absoluteString)
        await #expect(throws: SubscriptionError.self) { _ = try await subscriber.check(address: server.url("/text.txt").absoluteString) }
    }
}
