import FeedParsing
import Foundation
import Localization

/// Subscribes to an address the user typed: a feed is added with its first
/// articles; an HTML page is searched for feed links (then common feed paths) and
/// one find is subscribed directly, several are returned as choices.
public final class Subscriber: Sendable {
    private let store: LibraryStore
    private let fetcher: HTTPFetcher

    public init(store: LibraryStore, policy: RefreshPolicy) {
        self.store = store
        self.fetcher = HTTPFetcher(policy: policy)
    }

    /// Subscribes to `address` (a scheme-less address is taken as https://), filing the
    /// feed in `folderID` when given.
    public func subscribe(url address: String, folderID: Int64? = nil) async throws(SubscriptionError) -> SubscribeResult {
        try await subscribe(url: try Self.normalize(address), folderID: folderID, discover: true)
    }

    private func subscribe(url: URL, folderID: Int64?, discover: Bool) async throws(SubscriptionError) -> SubscribeResult {
        try refuseDuplicate(url.absoluteString)
        let response = try await fetch(url)
        if let parsed = try? FeedParser.parse(response.body, url: response.url, contentType: response.header("content-type")) {
            let feedURL = (response.permanentURL ?? url).absoluteString
            try refuseDuplicate(feedURL)
            do {
                let (feed, result) = try store.subscribe(url: feedURL, folderID: folderID, response: response, parsed: parsed)
                return .subscribed(feed, result)
            } catch .duplicateFeed {
                throw .alreadySubscribed(url: feedURL, title: parsed.title ?? feedURL)
            } catch {
                throw .storage(error)
            }
        }
        guard discover else { throw .noFeedFound(url: url.absoluteString) }
        var candidates: [DiscoveredFeed] = []
        if FeedDiscovery.looksLikeHTML(response.body, contentType: response.header("content-type")) {
            candidates = FeedDiscovery.links(in: response.body, base: response.url)
        }
        if candidates.isEmpty { candidates = await probeCommonPaths(of: response.url) }
        switch candidates.count {
        case 0:
            throw .noFeedFound(url: url.absoluteString)
        case 1:
            guard let only = URL(string: candidates[0].url) else { throw .noFeedFound(url: url.absoluteString) }
            return try await subscribe(url: only, folderID: folderID, discover: false)
        default:
            return .choices(candidates)
        }
    }

    /// Checks a new address for a feed already subscribed: it must give a feed. Returns the
    /// address to keep — where a permanent redirect leads, or the address itself.
    public func check(address: String) async throws(SubscriptionError) -> String {
        let url = try Self.normalize(address)
        let response = try await fetch(url)
        guard (try? FeedParser.parse(response.body, url: response.url, contentType: response.header("content-type"))) != nil else {
            throw .noFeedFound(url: url.absoluteString)
        }
        return (response.permanentURL ?? url).absoluteString
    }

    private func fetch(_ url: URL) async throws(SubscriptionError) -> HTTPResult {
        let response: HTTPResult
        do {
            response = try await fetcher.fetch(url)
        } catch {
            throw .fetchFailed(url: url.absoluteString, reason: error.message)
        }
        if let status = response.status, !(200..<300).contains(status) {
            let reason = status == 410 ? tr("the server says it was removed (410 Gone).")
                : tr("the server answered {status}.", ["status": String(status)])
            throw .fetchFailed(url: url.absoluteString, reason: reason)
        }
        return response
    }

    /// Tries /feed, /rss, /atom.xml … on the page's site, concurrently; the ones that parse.
    private func probeCommonPaths(of page: URL) async -> [DiscoveredFeed] {
        guard !page.isFileURL, var root = URLComponents(url: page, resolvingAgainstBaseURL: true) else { return [] }
        root.query = nil
        root.fragment = nil
        let urls = FeedDiscovery.commonPaths.compactMap { path -> URL? in
            root.path = path
            return root.url
        }
        let fetcher = self.fetcher
        let found = await withTaskGroup(of: (Int, DiscoveredFeed?).self) { group in
            for (index, url) in urls.enumerated() {
                group.addTask {
                    guard let response = try? await fetcher.fetch(url), (200..<300).contains(response.status ?? 0),
                          let parsed = try? FeedParser.parse(response.body, url: response.url,
                                                             contentType: response.header("content-type")) else { return (index, nil) }
                    return (index, DiscoveredFeed(url: (response.permanentURL ?? url).absoluteString, title: parsed.title))
                }
            }
            var results: [(Int, DiscoveredFeed)] = []
            for await case let (index, feed?) in group { results.append((index, feed)) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        var unique: [DiscoveredFeed] = []
        for feed in found where !unique.contains(where: { $0.url == feed.url }) { unique.append(feed) }
        return unique
    }

    private func refuseDuplicate(_ url: String) throws(SubscriptionError) {
        let existing: Feed?
        do { existing = try store.feed(url: url) } catch { throw .storage(error) }
        if let existing { throw .alreadySubscribed(url: existing.url, title: existing.displayTitle) }
    }

    /// The URL to fetch for what the user typed; refuses schemes Lectern cannot read.
    static func normalize(_ address: String) throws(SubscriptionError) -> URL {
        var text = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .invalidURL(address) }
        if text.hasPrefix("feed://") { text = "https://" + text.dropFirst("feed://".count) }
        // "example.org/feed" or "example.org:8080/feed" have no scheme: take them as https.
        let hasScheme = text.firstIndex(of: ":").map { colon in
            let scheme = text[..<colon]
            return !scheme.isEmpty && !scheme.contains(".") && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" }
        } ?? false
        if !hasScheme { text = "https://" + text }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { throw .invalidURL(address) }
        guard ["http", "https", "file"].contains(scheme) else { throw .unsupportedScheme(scheme) }
        if scheme != "file", (url.host ?? "").isEmpty { throw .invalidURL(address) }
        return url
    }
}
