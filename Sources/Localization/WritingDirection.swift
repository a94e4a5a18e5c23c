/// Which way a text reads: an Arabic or Hebrew article reads right to left whatever the
/// language of the interface.
public enum WritingDirection: Sendable, Equatable {
    case leftToRight, rightToLeft

    /// The direction of the first letter that has one (digits and punctuation have none),
    /// as the Unicode bidirectional algorithm chooses a paragraph's; nil when no letter has.
    public static func of(_ text: some StringProtocol) -> WritingDirection? {
        for scalar in text.unicodeScalars {
            if isRightToLeft(scalar) { return .rightToLeft }
            if scalar.properties.isAlphabetic { return .leftToRight }
        }
        return nil
    }

    /// The direction a language is written in, from a tag such as `ar`, `he-IL` or `fa_IR`
    /// (a feed's `xml:lang` or `<language>`); nil when the tag names no language.
    public static func of(languageTag tag: String) -> WritingDirection? {
        let language = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        guard !language.isEmpty else { return nil }
        return rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
    }

    /// The first of `texts` that says: a title, then the text.
    public static func of(first texts: [String]) -> WritingDirection? {
        texts.lazy.compactMap { of($0) }.first
    }

    /// `parts` joined by `separator`, each part a bidirectional isolate (U+2068 … U+2069): a
    /// German date beside an Arabic feed's name keeps its own order instead of being reordered
    /// with its neighbour.
    /// Parts with no right-to-left letter are joined as they are: isolates would change nothing,
    /// and a list row spares its text the bidirectional pass.
    public static func isolating(_ parts: [String], separator: String) -> String {
        guard parts.contains(where: { $0.unicodeScalars.contains(where: isRightToLeft) }) else {
            return parts.joined(separator: separator)
        }
        return parts.map { "\u{2068}\($0)\u{2069}" }.joined(separator: separator)
    }

    static let rightToLeftLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku", "ps", "sd", "syr", "ug", "ur", "yi"]

    /// Letters of the right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan,
    /// Mandaic and their presentation forms, and the historic scripts of the SMP's RTL block.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return scalar.properties.isAlphabetic
        default:
            return false
        }
    }
}
