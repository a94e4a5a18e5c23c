/// Turns what the user typed into a safe FTS5 query: every word becomes a quoted
/// string (inner quotes doubled) with a prefix `*`, and words are ANDed. FTS5
/// operators (`NEAR`, `OR`, `:`, `^`, `(`) typed by the user are therefore plain text.
/// Only the first `maxWords` words count: a pasted document (5 000 words) would cost the
/// search minutes, and an article matching 64 words is found by them.
public enum SearchQuery {
    public static let maxWords = 64

    /// The MATCH expression, or nil when nothing searchable was typed.
    static func expression(for text: String) -> String? {
        let words = searchable(text).prefix(maxWords)
        guard !words.isEmpty else { return nil }
        return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " AND ")
    }

    /// True when `text` has more words than are searched.
    public static func isCut(_ text: String) -> Bool { searchable(text).count > maxWords }

    private static func searchable(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0.isWhitespace })
            .filter { word in word.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil } }
    }
}
