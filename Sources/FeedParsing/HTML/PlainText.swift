/// Text from a feed that is not HTML: whitespace collapsed, references decoded, and the
/// guess whether untyped text is HTML (HTML itself goes through `HTMLText`). Works on UTF-8.
enum PlainText {
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
