import Foundation

/// What Lectern lets one download of each kind of resource take from the web: the bytes it
/// may bring, counted after decoding (gzip, deflate, br: a body compressed a thousandfold is
/// stopped at the cap, not at its size on the wire), how long connecting may take, how long
/// the server may send nothing at all, and a deadline for the whole download however steadily
/// it trickles. Every fetch goes through `CurlTransfer` under one of these; docs/hardening.md
/// has the table.
public struct DownloadPolicy: Sendable, Equatable {
    /// The largest body accepted; a larger one is cut off ("stopped after N MB").
    public var maxBytes: Int
    /// Seconds to connect (name lookup, TCP and TLS).
    public var connectTimeout: TimeInterval
    /// Seconds with no data at all before the download is given up.
    public var stallTimeout: TimeInterval
    /// Seconds the whole download may take.
    public var deadline: TimeInterval

    public init(maxBytes: Int, connectTimeout: TimeInterval, stallTimeout: TimeInterval, deadline: TimeInterval) {
        self.maxBytes = maxBytes
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.deadline = deadline
    }

    /// A feed (the refresh, subscribing, `--inspect-feed`).
    public static let feed = DownloadPolicy(maxBytes: 20 << 20, connectTimeout: 15, stallTimeout: 30, deadline: 120)
    /// A web page (a full article, a page whose feed is looked for, `--extract-article`).
    public static let page = DownloadPolicy(maxBytes: 16 << 20, connectTimeout: 15, stallTimeout: 30, deadline: 60)
    /// A picture in an article.
    public static let image = DownloadPolicy(maxBytes: 10 << 20, connectTimeout: 15, stallTimeout: 20, deadline: 60)
    /// A feed's or a site's icon (fetched without a click: small and quick).
    public static let icon = DownloadPolicy(maxBytes: 1 << 20, connectTimeout: 10, stallTimeout: 15, deadline: 30)
    /// An episode downloaded for listening offline, up to `maxBytes` (the user's cap): long, and
    /// patient with a slow server.
    public static func episode(maxBytes: Int) -> DownloadPolicy {
        DownloadPolicy(maxBytes: maxBytes, connectTimeout: 15, stallTimeout: 60, deadline: 4 * 3600)
    }
    /// An episode's chapters (a small JSON file).
    public static let chapters = DownloadPolicy(maxBytes: 1 << 20, connectTimeout: 10, stallTimeout: 15, deadline: 30)
    /// One answer of a sync server (a first sync's list of a million unread ids fits).
    public static let syncAnswer = DownloadPolicy(maxBytes: 128 << 20, connectTimeout: 15, stallTimeout: 30, deadline: 120)

    /// The User-Agent of every download: "Lectern/<version> (+https://lectern.dev)".
    public static func userAgent(appVersion: String) -> String { "Lectern/\(appVersion) (+https://lectern.dev)" }
}
