/// Reading a month's name in another language than English (the names are in MonthNames.swift,
/// generated from glibc's locales by scripts/month-names.py).
extension MonthNames {
    /// Every language's names but the ambiguous ones: what a feed that does not say its language,
    /// or says another, is read with.
    static let anyLanguage: [String: Int] = byLanguage.values.reduce(into: [:]) { names, table in
        for (word, month) in table where !ambiguous.contains(word) { names[word] = month }
    }

    /// The month `words` name (one word, or two for "تشرين الأول"), or nil. The feed's own
    /// language counts first, its ambiguous names included; then any language's unambiguous ones.
    static func number(of words: [RFC822Scanner.Bytes], language: String?) -> Int? {
        guard let first = words.first?.first else { return nil }
        if first >= 48, first <= 57 { return words.count == 1 ? numbered(words[0]) : nil }
        guard words.count == 1 || first >= 0x80 else { return nil } // only Arabic names have two words
        let word = key(words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " "))
        let table = language.flatMap { byLanguage[primarySubtag($0)] }
        for form in [word, unaccented(word)] {
            if let month = table?[form] ?? anyLanguage[form] { return month }
        }
        return nil
    }

    /// "9月", "9월": the month's number and the word for month, as Japanese and Korean write it.
    private static func numbered(_ token: RFC822Scanner.Bytes) -> Int? {
        for suffix in monthSuffixes where token.count > suffix.count && token.suffix(suffix.count).elementsEqual(suffix) {
            guard let month = RFC822Scanner.number(token.dropLast(suffix.count)), (1...12).contains(month) else { return nil }
            return month
        }
        return nil
    }

    private static let monthSuffixes = [Array("月".utf8), Array("월".utf8)]

    /// Without accents and other combining marks: "Ιούν" as glibc's Greek "Ιουν", "Fév" as "fev".
    static func unaccented(_ word: String) -> String {
        String(String.UnicodeScalarView(word.decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.properties.generalCategory != .nonspacingMark }))
    }

    /// As the table's words are written: lower case, no final period, Arabic's alef and yeh forms
    /// folded (a name is written with and without the hamza), no tatweel.
    static func key(_ text: String) -> String {
        var word = text.lowercased()
        if word.hasSuffix(".") { word.removeLast() }
        var folded = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\u{0307}", "\u{0640}": continue // Turkish İ's dot once lowered; tatweel
            case "\u{0623}", "\u{0625}", "\u{0622}": folded.append("\u{0627}")
            case "\u{0649}": folded.append("\u{064A}")
            default: folded.append(scalar)
            }
        }
        return String(folded)
    }

    private static func primarySubtag(_ language: String) -> String {
        String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
    }
}
