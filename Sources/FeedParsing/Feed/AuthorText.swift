import ArticleModel

/// Splits RSS author strings the way feedparser does: `me@example.com (Jane Doe)`,
/// `Jane Doe (me@example.com)`, `Jane Doe <me@example.com>` or just a name or an e-mail.
enum AuthorText {
    static func person(from text: String) -> Person? {
        guard let collapsed = PlainText.collapsed(text) else { return nil }
        guard collapsed.utf8.contains(UInt8(ascii: "@")) else { return Person(name: collapsed) } // just a name
        var email: String?
        var rest = collapsed
        let words = collapsed.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" })
        if let candidate = words.first(where: { isEmail($0) }) {
            email = String(candidate).replacingOccurrences(of: "mailto:", with: "")
            rest = collapsed.replacingOccurrences(of: String(candidate), with: "")
        }
        var name = rest.replacingOccurrences(of: "()", with: "").replacingOccurrences(of: "<>", with: "")
        name = name.trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("("), name.hasSuffix(")") { name = String(name.dropFirst().dropLast()) }
        let person = Person(name: PlainText.collapsed(name), email: email, uri: nil)
        return person.isEmpty ? nil : person
    }

    private static func isEmail(_ word: Substring) -> Bool {
        guard let at = word.firstIndex(of: "@"), at != word.startIndex else { return false }
        let domain = word[word.index(after: at)...]
        return domain.contains(".") && !domain.contains("@")
    }
}
