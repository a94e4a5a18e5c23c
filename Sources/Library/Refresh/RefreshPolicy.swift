import Foundation

/// How politely and how hard Lectern fetches feeds.
public struct RefreshPolicy: Sendable, Equatable {
    /// Lectern's version, sent in the User-Agent.
    public var appVersion: String
    /// Feeds fetched at once.
    public var maxConcurrent: Int = 6
    /// Feeds fetched at once from one host.
    public var maxPerHost: Int = 2
    /// Seconds without any data before a request fails.
    public var requestTimeout: TimeInterval = 30
    /// Seconds a whole fetch may take.
    public var resourceTimeout: TimeInterval = 120
    /// Bodies larger than this are cut off with an error.
    public var maxBodyBytes: Int = 20 * 1024 * 1024
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
    public var userAgent: String { "Lectern/\(appVersion) (+https://lectern.dev)" }

    /// The wait after `failures` consecutive failures (1 → base, 2 → 2×base, …, capped).
    public func backoff(afterFailures failures: Int) -> TimeInterval {
        let exponent = Double(max(0, min(failures - 1, 30)))
        return min(backoffCap, backoffBase * pow(2, exponent))
    }
}
