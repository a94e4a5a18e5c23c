import CGtk4
import Foundation
import GtkBridge
import Library
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Feed icons for the sidebar: the feed's own icon, else the site's `/favicon.ico`,
/// fetched once in the background and kept under `$XDG_CACHE_HOME/lectern/icons`. A feed
/// whose icon could not be had is remembered for a week, so it is not asked again.
@MainActor
final class FeedIconCache {
    static let retryAfter: TimeInterval = 7 * 24 * 3600
    /// Called with a feed id when its icon has just arrived.
    var onIcon: (@MainActor (Int64) -> Void)?
    private let folder: URL
    private var textures: [Int64: Object] = [:]
    private var requested: Set<Int64> = []

    static var defaultFolder: URL { DataLocations.cacheDirectory.appending(path: "icons") }

    init(folder: URL = FeedIconCache.defaultFolder) {
        self.folder = folder
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The icon for `feed` as a paintable, when it is cached; starts a fetch otherwise.
    func paintable(for feed: Feed) -> OpaquePointer? {
        if let texture = textures[feed.id] { return texture.opaquePointer }
        let file = iconFile(feed)
        if let texture = gdk_texture_new_from_filename(file.path, nil) {
            let object = Object(adopting: texture)
            textures[feed.id] = object
            return object.opaquePointer
        }
        fetch(feed, to: file)
        return nil
    }

    private func iconFile(_ feed: Feed) -> URL { Self.iconFile(forFeedURL: feed.url, in: folder) }

    private nonisolated static func iconFile(forFeedURL url: String, in folder: URL) -> URL {
        folder.appending(path: ImageLoader.cacheName(url) + ".icon")
    }

    /// The icon file of the feed at `url` in the default cache, when Lectern has fetched it.
    nonisolated static func cachedFile(forFeedURL url: String) -> URL? {
        let file = iconFile(forFeedURL: url, in: DataLocations.cacheDirectory.appending(path: "icons"))
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    private func fetch(_ feed: Feed, to file: URL) {
        let marker = file.appendingPathExtension("none")
        if let date = (try? marker.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate,
           Date().timeIntervalSince(date) < Self.retryAfter { return }
        guard requested.insert(feed.id).inserted else { return }
        let candidates = Self.candidates(for: feed)
        guard !candidates.isEmpty else { return }
        let id = feed.id
        // Icons can wait: start after the window is up, so they never slow start-up.
        MainLoop.timeout(milliseconds: Self.startDelay) {
            Task { @MainActor [weak self] in
                if await Self.download(candidates, to: file, marker: marker) { self?.onIcon?(id) }
            }
            return false
        }
    }

    static let startDelay: UInt32 = 1500

    /// One session for every icon: at most two connections per site, no disk cache.
    private nonisolated static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 15
        configuration.httpMaximumConnectionsPerHost = 2
        return URLSession(configuration: configuration)
    }()

    /// Where a feed's icon may be: the icon the feed names, then the site's favicon.
    static func candidates(for feed: Feed) -> [URL] {
        var urls: [URL] = []
        if let icon = feed.iconURL, let url = URL(string: icon) { urls.append(url) }
        let site = feed.siteURL.flatMap(URL.init(string:)) ?? URL(string: feed.url)
        if let site, let scheme = site.scheme, ["http", "https"].contains(scheme.lowercased()), let host = site.host {
            let port = site.port.map { ":\($0)" } ?? ""
            if let favicon = URL(string: "\(scheme)://\(host)\(port)/favicon.ico") { urls.append(favicon) }
        }
        return urls.filter { ["http", "https"].contains($0.scheme?.lowercased() ?? "") }
    }

    /// Saves the first image found to `file` (or touches `marker` when there is none), off
    /// the main thread; true when an icon was saved. A cache that cannot be written only
    /// means the icon is fetched again next time.
    private nonisolated static func download(_ candidates: [URL], to file: URL, marker: URL) async -> Bool {
        guard let data = await firstImage(candidates) else {
            try? Data().write(to: marker)
            return false
        }
        try? data.write(to: file, options: .atomic)
        return true
    }

    private nonisolated static func firstImage(_ candidates: [URL]) async -> Data? {
        for url in candidates {
            guard let (data, response) = try? await session.data(from: url),
                  (response as? HTTPURLResponse)?.statusCode == 200, !data.isEmpty, data.count < 1_000_000,
                  isImage(data) else { continue }
            return data
        }
        return nil
    }

    /// PNG, ICO, GIF, JPEG or SVG by their first bytes (servers often answer HTML).
    nonisolated static func isImage(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(5))
        let signatures: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47], [0x00, 0x00, 0x01, 0x00], [0x47, 0x49, 0x46], [0xFF, 0xD8, 0xFF]]
        if signatures.contains(where: { head.starts(with: $0) }) { return true }
        return String(decoding: data.prefix(256), as: UTF8.self).contains("<svg")
    }
}
