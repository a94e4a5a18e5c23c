import FeedParsing

/// HTML to plain text for the search index and list excerpts: tags, comments and
/// the contents of `script`/`style` removed, common character references decoded,
/// whitespace collapsed. Tolerant of broken markup; works on UTF-8 bytes.
enum HTMLText {
    /// The plain text of `html`; nil when nothing is left.
    static func plain(_ html: String?) -> String? {
        guard let html, !html.isEmpty else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(html.utf8.count)
        var pendingSpace = false
        var source = html
        source.withUTF8 { bytes in
            var index = 0
            func emit(_ byte: UInt8) {
                if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                    pendingSpace = !out.isEmpty
                    return
                }
                if pendingSpace { out.append(0x20); pendingSpace = false }
                out.append(byte)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<"), index + 1 < bytes.count, startsTag(bytes[index + 1]) {
                    let inline = isInlineTag(bytes, at: index)
                    let skipped = skipRawText(bytes, tagAt: index)
                    index = skipped ?? HTMLScanner.endOfTag(bytes, from: index)
                    // A block tag separates words (<p>a</p><p>b</p>); an inline one does not (<b>new</b>,).
                    if !inline { pendingSpace = !out.isEmpty }
                    continue
                }
                if byte == UInt8(ascii: "&"), let (decoded, next) = CharacterReference.decode(bytes, at: index) {
                    for scalarByte in decoded { emit(scalarByte) }
                    index = next
                    continue
                }
                emit(byte)
                index += 1
            }
        }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }

    /// The first `limit` characters of the plain text, cut at a word boundary.
    static func excerpt(_ html: String?, limit: Int = 200) -> String? {
        guard let text = plain(html) else { return nil }
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        if let space = cut.lastIndex(of: " ") { return String(cut[..<space]) + "…" }
        return String(cut) + "…"
    }

    private static let inlineTags: Set<String> = ["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em",
                                                  "font", "i", "kbd", "mark", "q", "s", "samp", "small", "span",
                                                  "strike", "strong", "sub", "sup", "time", "tt", "u", "var"]

    /// Whether the tag starting at `start` (`<name` or `</name`) is an inline element.
    private static func isInlineTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        var name: [UInt8] = []
        while index < bytes.count, isLetter(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39), name.count < 8 {
            name.append(bytes[index] | 0x20)
            index += 1
        }
        return inlineTags.contains(String(decoding: name, as: UTF8.self))
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func startsTag(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
    }

    /// For `<script` and `<style`, the index past the matching close tag.
    private static func skipRawText(_ bytes: UnsafeBufferPointer<UInt8>, tagAt start: Int) -> Int? {
        for name in ["script", "style"] where matches(bytes, at: start + 1, name) {
            let close = Array("</\(name)".utf8)
            var index = start + 1 + name.utf8.count
            while index + close.count <= bytes.count {
                if matches(bytes, at: index, "</\(name)") { return HTMLScanner.endOfTag(bytes, from: index) }
                index += 1
            }
            return bytes.count
        }
        return nil
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ word: String) -> Bool {
        var index = start
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] | 0x20 == expected | 0x20 else { return false }
            index += 1
        }
        return true
    }
}
