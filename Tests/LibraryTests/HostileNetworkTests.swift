import Foundation
import Testing
@testable import Library

/// Servers that misbehave on purpose. Each feed is first refreshed from a good address,
/// then pointed at a hostile one: the refresh must fail with a clear message, in
/// bounded time, and keep the feed and every article stored before.
@Suite struct HostileNetworkTests {
    /// A feed with the two articles of /feed.xml stored, now pointing at `path`.
    private func storedFeed(movedTo path: String) async throws -> (LibraryStore, TempFolder, Feed) {
        let (store, folder, feed) = try storeWithFeed("/feed.xml")
        _ = await FeedRefresher(store: store, policy: testPolicy).refresh()
        try #require(try store.count(.all) == 2)
        let hostile = try server().url(path).absoluteString
        try store.write { database throws(StorageError) in
            try database.run("UPDATE feeds SET url = ?, etag = NULL, last_modified = NULL WHERE id = ?",
                             [.text(hostile), .integer(feed.id)])
        }
        return (store, folder, feed)
    }

    /// Refreshes with `policy` and returns the failure message (recording an issue otherwise),
    /// after checking that nothing stored before was lost.
    private func failure(_ store: LibraryStore, _ feed: Feed, policy: RefreshPolicy) async throws -> String {
        let outcome = await FeedRefresher(store: store, policy: policy).refresh(force: true).outcomes[feed.id]
        #expect(try store.count(.all) == 2, "articles stored before were lost")
        let kept = try #require(try store.feed(id: feed.id), "the subscription was lost")
        guard case .failed(let message)? = outcome else {
            Issue.record("expected a failure, got \(String(describing: outcome))")
            return ""
        }
        #expect(kept.fetchState.lastError == message, "the feed does not show the error")
        return message
    }

    @Test func endlessRedirectsStopAtTheLimit() async throws {
        let (store, folder, feed) = try await storedFeed(movedTo: "/redirect-forever/0")
        _ = folder
        let message = try await failure(store, feed, policy: testPolicy)
        #expect(message.contains("redirect"), "\(message)")
        #expect(try await server().hits("/redirect-forever/\(testPolicy.maxRedirects + 2)") == 0,
                "followed more than \(testPolicy.maxRedirects) redirects")
    }

    @Test func aServerTricklingOneByteASecondIsCutOff() async throws {
        let (store, folder, feed) = try await storedFeed(movedTo: "/trickle.xml")
        _ = folder
        var policy = testPolicy
        policy.feeds.deadline = 3 // each byte arrives well within the 10 s stall timeout
        let message = try await failure(store, feed, policy: policy)
        // Only the whole-fetch deadline says this (the idle timeout says "did not answer").
        #expect(message.contains("still sending the feed after 3 seconds"), "\(message)")
    }

    @Test(arguments: ["/hundred-mb.xml", "/hundred-mb-declared.xml"])
    func aHundredMegabyteBodyIsRefusedAtTheCap(path: String) async throws {
        let (store, folder, feed) = try await storedFeed(movedTo: path)
        _ = folder
        var policy = testPolicy
        policy.feeds.maxBytes = DownloadPolicy.feed.maxBytes
        let message = try await failure(store, feed, policy: policy)
        #expect(message.contains("larger than 20 MB"), "\(message)")
    }
}
