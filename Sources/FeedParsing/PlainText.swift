/// Turns text from a feed into plain text: markup stripped, character references
/// decoded, runs of ASCII whitespace collapsed to one space and the ends trimmed.
/// (Non-breaking spaces are kept: they are content.)
enum PlainText {
    /// Whitespace collapsed and trimmed; nil when nothing is left.
    static func collapsed(_ text: String) -> String? { TextBytes.collapsed(text) }

    /// HTML to plain text: tags and comments removed, entities decoded, whitespace collapsed.
    static func fromHTML(_ html: String) -> String? {
        var text = String.UnicodeScalarView()
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", index + 1 < scalars.count, startsTag(scalars[index + 1]) {
                index = endOfTag(scalars, from: index)
                continue
            }
            if scalar == "&", let (decoded, next) = EntityDecoder.decode(scalars, at: index) {
                text.append(contentsOf: decoded)
                index = next
                continue
            }
            text.append(scalar)
            index += 1
        }
        return collapsed(String(text))
    }

    /// Character references decoded, nothing else changed.
    static func decodingReferences(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (decoded, next) = EntityDecoder.decode(scalars, at: index) {
                out.append(contentsOf: decoded)
                index = next
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    /// feedparser's guess for untyped (RSS) text: HTML when it holds an end tag or a
    /// character reference.
    static func looksLikeHTML(_ text: String) -> Bool {
        guard text.contains("<") || text.contains("&") else { return false }
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices {
            if scalars[index] == "<", index + 2 < scalars.count, scalars[index + 1] == "/",
               scalars[index + 2].properties.isAlphabetic { return true }
            if scalars[index] == "&", EntityDecoder.decode(scalars, at: index) != nil { return true }
        }
        return false
    }

    private static func startsTag(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar == "/" || scalar == "!" || scalar == "?"
    }

    /// The index just past the `>` closing the tag (or comment) that starts at `start`.
    private static func endOfTag(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        if start + 3 < scalars.count, scalars[start + 1] == "!", scalars[start + 2] == "-", scalars[start + 3] == "-" {
            var index = start + 4
            while index + 2 < scalars.count {
                if scalars[index] == "-", scalars[index + 1] == "-", scalars[index + 2] == ">" { return index + 3 }
                index += 1
            }
            return scalars.count
        }
        var index = start + 1
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if (scalar == "\"" || scalar == "'") && scalars[index - 1] == "=" {
                quote = scalar
            } else if scalar == ">" {
                return index + 1
            }
            index += 1
        }
        return scalars.count
    }
}
