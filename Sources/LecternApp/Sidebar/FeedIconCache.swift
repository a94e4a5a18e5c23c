import CGtk4
import Foundation
import GtkBridge
import Library

/// Feed icons for the sidebar: the feed's own icon, else the site's `/favicon.ico` (an
/// account's feed: only the icon its server gives), fetched once in the background and kept under `$XDG_CACHE_HOME/lectern/icons`. A feed
/// whose icon could not be had is remembered for a week, so it is not asked again.
@MainActor
final class FeedIconCache {
    static let retryAfter: TimeInterval = 7 * 24 * 3600
    /// Called with a feed id when its icon has just arrived.
    var onIcon: (@MainActor (Int64) -> Void)?
    private let folder: URL
    private var textures: [Int64: Object] = [:]
    private var requested: Set<Int64> = []
    /// Icons waiting to be fetched, and the next of them.
    private var waiting: [(id: Int64, candidates: [URL], file: URL, marker: URL)] = []
    private var nextWaiting = 0
    private var fetching = 0
    /// Fetches wait until the window has been up `startDelay`: the timer, once the first is asked for.
    private var startTimer: MainLoop.Source?
    private var startDelayOver = false

    static var defaultFolder: URL { DataLocations.cacheDirectory.appending(path: "icons") }

    /// Milliseconds after the first icon is asked for before any is fetched.
    private let startDelay: UInt32

    init(folder: URL = FeedIconCache.defaultFolder, startDelay: UInt32 = FeedIconCache.startDelay) {
        self.folder = folder
        self.startDelay = startDelay
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The icon for `feed` as a paintable, when it is cached; starts a fetch otherwise.
    func paintable(for feed: Feed) -> OpaquePointer? {
        if let texture = textures[feed.id] { return texture.opaquePointer }
        let file = iconFile(feed)
        if let data = try? Data(contentsOf: file), data.count <= Self.download.policy.maxBytes,
           let pixbuf = PictureDecoder.decode(data, within: .icon) {
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf.pointer)) }
            if let texture = gdk_texture_new_for_pixbuf(pixbuf.pointer) {
                let object = Object(adopting: texture)
                textures[feed.id] = object
                return object.opaquePointer
            }
        }
        fetch(feed, to: file)
        return nil
    }

    private func iconFile(_ feed: Feed) -> URL { Self.iconFile(forFeedURL: feed.url, in: folder) }

    nonisolated static func iconFile(forFeedURL url: String, in folder: URL) -> URL {
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
        waiting.append((feed.id, candidates, file, marker))
        // Icons can wait: start after the window is up, so they never slow start-up.
        if startDelayOver {
            fetchWaiting()
        } else if startTimer == nil {
            startTimer = MainLoop.timeout(milliseconds: startDelay) { [weak self] in
                self?.startDelayOver = true
                self?.fetchWaiting()
                return false
            }
        }
    }

    static let startDelay: UInt32 = 1500
    /// Icons fetched at once, at most: a library of thousands of feeds asks for theirs a few at
    /// a time, not with thousands of connections and files open together (10 000 feeds had held
    /// the window's first frame for seconds).
    static let fetchesAtOnce = 4

    private func fetchWaiting() {
        while fetching < Self.fetchesAtOnce, nextWaiting < waiting.count {
            let next = waiting[nextWaiting]
            nextWaiting += 1
            fetching += 1
            Task { @MainActor [weak self] in
                let saved = await Self.download(next.candidates, to: next.file, marker: next.marker)
                guard let self else { return }
                fetching -= 1
                if saved { onIcon?(next.id) }
                fetchWaiting()
            }
        }
        if nextWaiting == waiting.count {
            waiting = []
            nextWaiting = 0
        }
    }

    /// Every icon download: the icon policy (1 MB after decoding, quick timeouts), http(s) only.
    private nonisolated static let download = ResourceDownload(policy: .icon, appVersion: LecternVersion.string)

    /// Where a feed's icon may be: the icon the feed names, then the site's favicon. An
    /// account's feed has only the icon its server gives: the origin site is not asked behind
    /// the server's back.
    static func candidates(for feed: Feed) -> [URL] {
        var urls: [URL] = []
        if let icon = feed.iconURL, let url = URL(string: icon) { urls.append(url) }
        let site = feed.siteURL.flatMap(URL.init(string:)) ?? URL(string: feed.url)
        if feed.accountID == nil, let site, let scheme = site.scheme, ["http", "https"].contains(scheme.lowercased()), let host = site.host {
            let port = site.port.map { ":\($0)" } ?? ""
            if let favicon = URL(string: "\(scheme)://\(host)\(port)/favicon.ico") { urls.append(favicon) }
        }
        // A `data:` icon is what a server gave (Miniflux sends its icons so): it is read, not fetched.
        return urls.filter { ["http", "https"].contains($0.scheme?.lowercased() ?? "") || (feed.accountID != nil && $0.scheme == "data") }
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

    /// The bytes of a base64 `data:` address.
    nonisolated static func dataURLBytes(_ address: String) -> Data? {
        guard let marker = address.range(of: ";base64,") else { return nil }
        return Data(base64Encoded: String(address[marker.upperBound...]))
    }

    private nonisolated static func firstImage(_ candidates: [URL]) async -> Data? {
        for url in candidates {
            // Servers often answer HTML for a missing icon: only a picture Lectern can show counts.
            guard let data = url.scheme == "data" ? dataURLBytes(url.absoluteString) : try? await download.get(url, accept: "image/*").body,
                  PictureDecoder.acceptedHeader(data, within: .icon) != nil else { continue }
            return data
        }
        return nil
    }
}
