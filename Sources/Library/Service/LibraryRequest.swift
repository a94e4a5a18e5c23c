import Foundation

/// The library work one launch asks for: `--import-opml`, `--add-feed` (and positional
/// URLs / .opml files), `--refresh`, `--export-opml`. Done in that order, so an export
/// includes what the same launch added.
public struct LibraryRequest: Sendable, Equatable {
    public var importOPML: [String] = []
    public var addFeeds: [String] = []
    public var refresh = false
    public var exportOPML: String?
    /// How long read articles are kept after a refresh (the retention setting).
    public var retentionDays = 90
    /// An automatic refresh (the timer) fetches only the feeds that are due by their own
    /// interval or this one (seconds); nil (`r`, `--refresh`) fetches every feed but those set to never.
    public var automaticInterval: TimeInterval?

    public init(importOPML: [String] = [], addFeeds: [String] = [], refresh: Bool = false, exportOPML: String? = nil,
                retentionDays: Int = 90, automaticInterval: TimeInterval? = nil) {
        self.importOPML = importOPML
        self.addFeeds = addFeeds
        self.refresh = refresh
        self.exportOPML = exportOPML
        self.retentionDays = retentionDays
        self.automaticInterval = automaticInterval
    }

    public var isEmpty: Bool { importOPML.isEmpty && addFeeds.isEmpty && !refresh && exportOPML == nil }

    /// Sorts positional arguments: `.opml` files are imports, anything else is a feed or page.
    public mutating func addPositional(_ arguments: [String]) {
        for argument in arguments {
            if argument.lowercased().hasSuffix(".opml") {
                importOPML.append(argument)
            } else {
                addFeeds.append(Self.withoutFeedScheme(argument))
            }
        }
    }

    /// `feed://example.org/rss` and `feed:https://example.org/rss` (what browsers hand to
    /// feed readers) as plain web addresses.
    public static func withoutFeedScheme(_ address: String) -> String {
        let lowered = address.lowercased()
        if lowered.hasPrefix("feed://") { return "http://" + address.dropFirst(7) }
        if lowered.hasPrefix("feed:") { return String(address.dropFirst(5)) }
        return address
    }

    /// The same request with relative file paths made absolute against `folder`.
    public func resolvingPaths(against folder: String) -> LibraryRequest {
        func absolute(_ path: String) -> String {
            path.hasPrefix("/") || path.contains("://") ? path : folder + "/" + path
        }
        var copy = self
        copy.importOPML = importOPML.map(absolute)
        copy.exportOPML = exportOPML.map(absolute)
        copy.addFeeds = addFeeds.map { $0.contains("://") ? $0 : (FileManager.default.fileExists(atPath: absolute($0)) ? "file://" + absolute($0) : $0) }
        return copy
    }
}
