/// Turns what the user typed into a safe FTS5 query: every word becomes a quoted
/// string (inner quotes doubled) with a prefix `*`, and words are ANDed. FTS5
/// operators (`NEAR`, `OR`, `:`, `^`, `(`) typed by the user are therefore plain text.
enum SearchQuery {
    /// The MATCH expression, or nil when nothing searchable was typed.
    static func expression(for text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace })
            .filter { word in word.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil } }
        guard !words.isEmpty else { return nil }
        return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " AND ")
    }
}
