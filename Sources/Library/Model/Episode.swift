import ArticleModel
import Foundation

/// An episode — an article's audio or video attachment — and where it was left.
public struct EpisodeProgress: Sendable, Equatable {
    public var articleID: Int64
    /// The attachment's address, as the feed gave it.
    public var url: String
    /// Seconds from the start.
    public var position: Double
    /// Its length in seconds, once the player knew it.
    public var duration: Double?
    /// Heard to its end (and its position back at the start).
    public var played: Bool
    /// What the feed says of the episode (its season, number and chapters; its length is `duration`).
    public var details: EpisodeDetails
    /// Its chapters, once fetched from `details.chaptersURL` (nil until then).
    public var chapters: [Chapter]?
    /// The downloaded file (in the downloads folder) and its size, when kept for offline listening.
    public var file: String?
    public var fileSize: Int?

    public init(articleID: Int64, url: String, position: Double = 0, duration: Double? = nil, played: Bool = false,
                details: EpisodeDetails = EpisodeDetails(), chapters: [Chapter]? = nil) {
        (self.articleID, self.url, self.position, self.duration, self.played) = (articleID, url, position, duration, played)
        (self.details, self.chapters) = (details, chapters)
    }

    /// Eight hex digits that stand for an episode's address where the address itself cannot be
    /// used (a file name, a D-Bus object path): FNV-1a, the same on every run.
    public static func token(for url: String) -> String {
        let hash = url.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        return String(hash & 0xFFFF_FFFF, radix: 16)
    }

    /// Started and not yet heard to its end.
    public var inProgress: Bool { !played && position > 0 }
}
