/// Text from a feed that is not HTML: whitespace collapsed, references decoded, and the
/// guess whether untyped text is HTML (HTML itself goes through `HTMLText`). Works on UTF-8.
public enum PlainText {
    /// Titles, names and category terms show on one line (a list row, the sidebar, the window's
    /// title): a longer one is cut to this many characters and an ellipsis. The longest real titles
    /// run to a few hundred; a feed's 5 MB title had taken the window 45 s to draw, drawn wrong.
    public static let lineLimit = 1_000

    /// `text` cut to `lineLimit` characters and an ellipsis, when it is longer.
    public static func line(_ text: String) -> String {
        guard text.utf8.count > lineLimit, text.count > lineLimit else { return text }
        return String(text.prefix(lineLimit)) + "…"
    }

    /// Whitespace collapsed and trimmed; nil when nothing is left.
    static func collapsed(_ text: String) -> String? { TextBytes.collapsed(text) }

    /// Character references decoded, nothing else changed.
    static func decodingReferences(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { bytes in
            var out = [UInt8]()
            out.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "&"), let next = EntityDecoder.decode(bytes, at: index, into: &out) {
                    index = next
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// feedparser's guess for untyped (RSS) text: HTML when it holds an end tag or a
    /// character reference.
    static func looksLikeHTML(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            var scratch = [UInt8]()
            for index in bytes.indices {
                if bytes[index] == UInt8(ascii: "<"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"),
                   isLetter(bytes[index + 2]) { return true }
                if bytes[index] == UInt8(ascii: "&"), EntityDecoder.decode(bytes, at: index, into: &scratch) != nil {
                    return true
                }
            }
            return false
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
