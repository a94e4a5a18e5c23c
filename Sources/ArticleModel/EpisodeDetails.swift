/// What a podcast feed says of an episode: its length, season and number (the iTunes namespace's
/// `itunes:duration`, `itunes:season`, `itunes:episode`; JSON Feed's `duration_in_seconds`) and
/// where its chapters are (Podcasting 2.0's `podcast:chapters`).
public struct EpisodeDetails: Sendable, Equatable, Hashable {
    /// The length in seconds, as the feed says.
    public var duration: Double?
    public var season: Int?
    /// The episode's number (within its season, when it has one).
    public var number: Int?
    /// The address of its chapters (a JSON chapters file).
    public var chaptersURL: String?

    public init(duration: Double? = nil, season: Int? = nil, number: Int? = nil, chaptersURL: String? = nil) {
        (self.duration, self.season, self.number, self.chaptersURL) = (duration, season, number, chaptersURL)
    }

    public var isEmpty: Bool { duration == nil && season == nil && number == nil && chaptersURL == nil }

    /// `itunes:duration`: "1:02:03", "62:03" or seconds ("3723", "3723.5"); nil for anything else
    /// (a negative, an absurd length of more than a week).
    public static func seconds(from text: String) -> Double? {
        let parts = trimmed(text).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            guard let value = Double(part), value >= 0, value.isFinite else { return nil }
            // Minutes and seconds after the first part stay below 60.
            if index > 0, value >= 60 { return nil }
            total = total * 60 + value
        }
        return total > 0 && total <= 7 * 24 * 3600 ? total : nil
    }

    /// A season or episode number: a whole number from 1.
    public static func number(from text: String) -> Int? {
        guard let value = Int(trimmed(text)), value > 0, value < 1_000_000 else { return nil }
        return value
    }

    private static func trimmed(_ text: String) -> Substring {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
        return text[start..<max(start, end)]
    }
}
