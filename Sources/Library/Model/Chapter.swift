import FeedParsing
import Foundation

/// One chapter of an episode, from its Podcasting 2.0 chapters file (`podcast:chapters`).
public struct Chapter: Sendable, Equatable, Hashable {
    /// Seconds from the start of the episode.
    public var start: Double
    public var title: String

    public init(start: Double, title: String) {
        (self.start, self.title) = (start, title)
    }

    /// The most chapters kept from one file, and the longest title.
    static let limit = 1000
    static let titleLimit = 200

    /// The chapters of a JSON chapters file (`{"chapters": [{"startTime": 0, "title": "…"}]}`),
    /// by their start; those marked `"toc": false` (not for the table of contents), without a
    /// start or a title, or starting at a negative or absurd time are left out. Nil when the
    /// bytes are not such a file.
    public static func parse(_ data: Data) -> [Chapter]? {
        guard let object = JSONText.parse(data) as? [String: Any], let list = object["chapters"] as? [Any] else { return nil }
        var chapters: [Chapter] = []
        for case let item as [String: Any] in list.prefix(limit) {
            guard (item["toc"] as? Bool) != false,
                  let start = (item["startTime"] as? NSNumber)?.doubleValue, start.isFinite, start >= 0, start < 7 * 24 * 3600,
                  let title = (item["title"] as? String).map({ $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }),
                  !title.isEmpty else { continue }
            chapters.append(Chapter(start: start, title: String(title.prefix(titleLimit))))
        }
        return chapters.sorted { $0.start < $1.start }
    }

    /// The chapter playing at `position` in `chapters` (sorted by start), or nil before the first.
    public static func at(_ position: Double, in chapters: [Chapter]) -> Chapter? {
        chapters.last { $0.start <= position + 0.05 }
    }

    /// Kept in the library as compact JSON.
    static func encode(_ chapters: [Chapter]) -> String {
        let objects = chapters.map { ["startTime": $0.start, "title": $0.title] as [String: Any] }
        guard let data = try? JSONSerialization.data(withJSONObject: objects) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ text: String?) -> [Chapter]? {
        guard let text, let list = JSONText.parse(Data(text.utf8)) as? [Any] else { return nil }
        return list.compactMap { item in
            guard let item = item as? [String: Any], let start = (item["startTime"] as? NSNumber)?.doubleValue,
                  let title = item["title"] as? String else { return nil }
            return Chapter(start: start, title: title)
        }
    }
}
