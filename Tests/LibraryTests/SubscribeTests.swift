import Foundation
import Testing
@testable import Library

@Suite struct SubscribeTests {
    private func subscriber() throws -> (Subscriber, LibraryStore, TempFolder) {
        let (store, folder) = try makeStore()
        return (Subscriber(store: store, policy: testPolicy), store, folder)
    }

    @Test func aFeedURLIsAddedWithItsArticles() async throws {
        let (subscriber, store, folder) = try subscriber()
        _ = folder
        let result = try await subscriber.subscribe(url: try server().url("/feed.xml").absoluteString)
        guard case .subscribed(let feed, let ingest) = result else { Issue.record("\(result)"); return }
        #expect(feed.title == "Fixture Feed" && ingest.added == 2)
        #expect(feed.fetchState.etag != nil)
        #expect(try store.count(.all) == 2)
    }

    @Test func duplicatesAreRefusedPolitely() async throws {
        let (subscriber, _, folder) = try subscriber()
        _ = folder
        let url = try server().url("/feed.xml").absoluteString
        _ = try await subscriber.subscribe(url: url)
        await #expect(throws: SubscriptionError.alreadySubscribed(url: url, title: "Fixture Feed")) {
            _ = try await subscriber.subscribe(url: url)
        }
    }

    @Test func aPermanentRedirectIsSubscribedAtItsTarget() async throws {
        let (subscriber, _, folder) = try subscriber()
        _ = folder
        guard case .subscribed(let feed, _) = try await subscriber.subscribe(url: try server().url("/moved").absoluteString) else {
            Issue.record("not subscribed"); return
        }
        #expect(feed.url == (try server().url("/moved-target.xml").absoluteString))
    }

    @Test func aPageWithSeveralFeedsOffersChoices() async throws {
        let (subscriber, store, folder) = try subscriber()
        _ = folder
        let result = try await subscriber.subscribe(url: try server().url("/page.html").absoluteString)
        #expect(result == .choices([
            DiscoveredFeed(url: try server().url("/feed.xml").absoluteString, title: "Posts (RSS)", type: "application/rss+xml"),
            DiscoveredFeed(url: try server().url("/atom.xml").absoluteString, title: "Posts & more (Atom)", type: "application/atom+xml"),
        ]))
        #expect(try store.feeds().isEmpty)
    }

    @Test func aPageWithOneFeedIsSubscribedDirectly() async throws {
        let (subscriber, _, folder) = try subscriber()
        _ = folder
        guard case .subscribed(let feed, _) = try await subscriber.subscribe(url: try server().url("/single.html").absoluteString) else {
            Issue.record("not subscribed"); return
        }
        #expect(feed.url == (try server().url("/atom.xml").absoluteString) && feed.title == "Atom Fixture")
    }

    @Test func aPageWithoutLinksFallsBackToCommonPaths() async throws {
        let (subscriber, _, folder) = try subscriber()
        _ = folder
        let result = try await subscriber.subscribe(url: try server().url("/plain.html").absoluteString)
        guard case .choices(let choices) = result else { Issue.record("\(result)"); return }
        let paths = choices.compactMap { URL(string: $0.url)?.path }
        #expect(paths == ["/feed", "/atom.xml", "/feed.xml", "/rss.xml"])
        #expect(choices.first?.title == "Root Feed")
    }

    @Test func fileURLsAreAllowed() async throws {
        let (subscriber, _, folder) = try subscriber()
        _ = folder
        guard case .subscribed(let feed, let ingest) = try await subscriber.subscribe(url: fixture("feeds/local.rss").absoluteString) else {
            Issue.record("not subscribed"); return
        }
        #expect(feed.title == "Local File Feed" && ingest.added == 1)
    }

    @Test func otherSchemesAndJunkAreRefused() async throws {
        let (subscriber, _, folder) = try subscriber()
        _ = folder
        await #expect(throws: SubscriptionError.unsupportedScheme("ftp")) { _ = try await subscriber.subscribe(url: "ftp://example.org/feed") }
        await #expect(throws: SubscriptionError.unsupportedScheme("javascript")) { _ = try await subscriber.subscribe(url: "javascript:alert(1)") }
        await #expect(throws: SubscriptionError.invalidURL("  ")) { _ = try await subscriber.subscribe(url: "  ") }
        #expect(try Subscriber.normalize("example.org/feed").absoluteString == "https://example.org/feed")
        #expect(try Subscriber.normalize("example.org:8080/feed").absoluteString == "https://example.org:8080/feed")
        #expect(try Subscriber.normalize("feed://example.org/rss").absoluteString == "https://example.org/rss")
    }

    @Test func failuresSayWhatHappened() async throws {
        let (subscriber, _, folder) = try subscriber()
        _ = folder
        let gone = try server().url("/gone").absoluteString
        await #expect(throws: SubscriptionError.fetchFailed(url: gone, reason: "the server says it was removed (410 Gone).")) {
            _ = try await subscriber.subscribe(url: gone)
        }
    }

    @Test func discoveryToleratesMessyMarkup() {
        let html = """
            <html><HEAD><base href="https://cdn.example/blog/">
            <link href=feeds/all.atom rel="alternate feed" type="application/atom+xml; charset=utf-8" title='All'>
            <link rel="alternate" type="text/html" href="/other-page">
            <link rel=alternate type=application/feed+json href="https://json.example/feed.json"/>
            """
        let found = FeedDiscovery.links(in: Data(html.utf8), base: URL(string: "https://example.org/")!)
        #expect(found.map(\.url) == ["https://cdn.example/blog/feeds/all.atom", "https://json.example/feed.json"])
    }
}
