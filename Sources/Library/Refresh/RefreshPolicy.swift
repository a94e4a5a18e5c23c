import Foundation

/// How politely and how hard Lectern fetches feeds.
public struct RefreshPolicy: Sendable, Equatable {
    /// Lectern's version, sent in the User-Agent.
    public var appVersion: String
    /// Feeds fetched at once.
    public var maxConcurrent: Int = 6
    /// Feeds fetched at once from one host.
    public var maxPerHost: Int = 2
    /// What fetching a feed may take (bytes, timeouts; DownloadPolicy).
    public var feeds = DownloadPolicy.feed
    /// What fetching a web page may take: a full article, a page whose feed is looked for.
    public var pages = DownloadPolicy.page
    /// Redirects followed before giving up.
    public var maxRedirects: Int = 10
    /// The first back-off after a failure; it doubles per consecutive failure…
    public var backoffBase: TimeInterval = 15 * 60
    /// …up to this.
    public var backoffCap: TimeInterval = 24 * 3600
    /// The longest `Retry-After` honoured.
    public var retryAfterCap: TimeInterval = 7 * 24 * 3600

    public init(appVersion: String) {
        self.appVersion = appVersion
    }

    /// "Lectern/<version> (+https://lectern.dev)".
    public var userAgent: String { DownloadPolicy.userAgent(appVersion: appVersion) }

    /// The wait after `failures` consecutive failures (1 → base, 2 → 2×base, …, capped).
    public func backoff(afterFailures failures: Int) -> TimeInterval {
        let exponent = Double(max(0, min(failures - 1, 30)))
        return min(backoffCap, backoffBase * pow(2, exponent))
    }
}
