import Foundation
import Testing
@testable import Library

/// Every download under its policy against a server that means harm (Tests/Servers/hostile_server.py):
/// bombs stop at the cap counted after decoding, endless bodies too, trickles at the deadline,
/// and a redirect never leaves the web. Nothing the server sends makes Lectern read a local file.
@Suite struct HostileDownloadTests {
    static let kinds: [(String, DownloadPolicy)] = [("feed", .feed), ("page", .page), ("image", .image), ("icon", .icon)]

    private func download(_ path: String, policy: DownloadPolicy) async throws -> ResourceDownload.Failure? {
        let url = try hostile().url(path)
        do throws(ResourceDownload.Failure) {
            _ = try await ResourceDownload(policy: policy, appVersion: "test").get(url)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["gzip", "deflate", "br"])
    func aBombOfEveryEncodingStopsAtEachKindsCap(encoding: String) async throws {
        for (kind, policy) in Self.kinds {
            let failure = try await download("/bomb/\(encoding)/\(kind)", policy: policy)
            #expect(failure == .tooLarge(limit: policy.maxBytes), "\(encoding) \(kind): \(String(describing: failure))")
            #expect(failure?.description.contains("stopped after") == true)
        }
    }

    @Test func anEndlessBodyStopsAtTheCap() async throws {
        for (kind, policy) in Self.kinds {
            #expect(try await download("/endless/\(kind)", policy: policy) == .tooLarge(limit: policy.maxBytes), "\(kind)")
        }
    }

    @Test func aTrickleStopsAtTheDeadline() async throws {
        var policy = DownloadPolicy.image
        policy.deadline = 3   // a byte a second never trips the stall timeout
        let failure = try await download("/trickle/image", policy: policy)
        #expect(failure == .tooSlow(seconds: 3), "\(String(describing: failure))")
    }

    @Test(arguments: ["file", "ftp", "data", "javascript", "gopher", "dict", "scp"])
    func aRedirectToAnotherSchemeIsNotFollowed(scheme: String) async throws {
        let failure = try await download("/redirect/\(scheme)", policy: .page)
        #expect(failure != nil, "a redirect to \(scheme): was followed")
        if case .http? = failure { Issue.record("the 302 itself was taken as the answer") }
    }

    @Test func aPictureSendsNoCookieAndNoReferer() async throws {
        let server = try hostile()
        for policy in [DownloadPolicy.image, .icon, .page] {
            // The tracker sets a cookie on its redirect and on its picture; asked twice, a client
            // that kept cookies would send them back, and one that names where it came from would
            // send a Referer on the redirect.
            for _ in 0..<2 {
                let answer = try await ResourceDownload(policy: policy, appVersion: "test").get(server.url("/tracker/start"))
                #expect(answer.url.path == "/tracker/pixel")
                #expect(ImageHeader(answer.body)?.width == 40, "the picture after the redirect")
            }
        }
        let tracked = try String(contentsOf: server.url("/_tracked"), encoding: .utf8)
        #expect(tracked.isEmpty, "sent to the tracker: \(tracked)")
    }

    @Test func aNonWebAddressIsNotFetchedAtAll() async throws {
        do throws(ResourceDownload.Failure) {
            _ = try await ResourceDownload(policy: .image, appVersion: "test").get(URL(filePath: "/etc/passwd"))
            Issue.record("a local file was fetched")
        } catch {
            guard case .notWeb = error else { Issue.record("\(error)"); return }
        }
    }

    /// The refresh's error for a feed at `path` on the hostile server; nil (recorded) when it did not fail.
    private func refreshFailure(_ path: String) async throws -> String? {
        let (store, folder) = try makeStore()
        defer { withExtendedLifetime(folder) {} }
        let feed = try store.addFeed(url: try hostile().url(path).absoluteString)
        let outcome = await FeedRefresher(store: store, policy: testPolicy).refresh(force: true).outcomes[feed.id]
        guard case .failed(let message)? = outcome else { Issue.record("\(String(describing: outcome))"); return nil }
        return message
    }

    @Test func aFeedThatRedirectsToALocalFileFailsWithoutReadingIt() async throws {
        guard let message = try await refreshFailure("/feed-redirect/file") else { return }
        #expect(message.contains("file:") && message.contains("does not follow"), "\(message)")
        #expect(!message.contains("root:"), "the error quotes the file: \(message)")
    }

    @Test func aFeedBombStopsTheRefreshAtTheCap() async throws {
        guard let message = try await refreshFailure("/bomb/br/feed") else { return }
        #expect(message.contains("larger than 1 MB"), "\(message)")
    }

    /// A local feed the test owns: were it read, its articles would arrive.
    private func localFeed() throws -> (path: String, folder: TempFolder) {
        let folder = TempFolder()
        let path = folder.url.appending(path: "local.xml").path
        try """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Local secrets</title>
            <item><guid>secret-1</guid><title>A local file</title></item></channel></rss>
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, folder)
    }

    @Test func aWebPageNamingALocalFeedSubscribesNothing() async throws {
        let (store, storeFolder) = try makeStore()
        _ = storeFolder
        let (path, folder) = try localFeed()
        _ = folder
        let page = try hostile().url("/page-with-local-feed.html?target=\(path)").absoluteString
        await #expect(throws: SubscriptionError.self) { _ = try await Subscriber(store: store, policy: testPolicy).subscribe(url: page) }
        #expect(try store.feeds().isEmpty)
        #expect(try store.count(.all) == 0, "the local feed's articles were imported")
    }

    @Test func besideAWebFeedTheLocalOneIsNotOffered() async throws {
        let (store, storeFolder) = try makeStore()
        _ = storeFolder
        let (path, folder) = try localFeed()
        _ = folder
        let page = try hostile().url("/page-with-two-feeds.html?target=\(path)").absoluteString
        let result = try await Subscriber(store: store, policy: testPolicy).subscribe(url: page)
        guard case .subscribed(let feed, _) = result else { Issue.record("\(result)"); return }
        #expect(feed.url == (try hostile().url("/good.xml").absoluteString))
        #expect(try store.feeds().map(\.url) == [feed.url])
    }

    @Test func aSyncServerNamingALocalFileIsNotSubscribed() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let account = try store.addAccount(kind: .googleReader, server: "https://rss.example.org", userName: "ann")
        try store.applySubscriptions([RemoteFeed(remoteID: "feed/1", url: "file:///etc/passwd", title: "Passwords"),
                                      RemoteFeed(remoteID: "feed/2", url: "https://harbour.example/feed", title: "Harbour")],
                                     accountID: account.id)
        #expect(try store.feeds().map(\.url) == ["https://harbour.example/feed"])
    }
}
