/// The one way Lectern turns HTML into plain text: feed and entry titles, list excerpts,
/// the search index and discovered page titles all read the same words.
///
/// Tags and comments are removed, and the contents of `script` and `style` with them; every
/// character reference HTML defines is decoded; a block tag separates words
/// (`<p>a</p><p>b</p>` reads "a b") while an inline one does not (`<b>new</b>,` reads
/// "new,"); runs of ASCII whitespace become one space and the ends are trimmed
/// (non-breaking spaces are content and stay). Tolerant of broken markup; works on UTF-8.
public enum HTMLText {
    /// The plain text of `html`; nil when nothing is left.
    public static func plain(_ html: String?) -> String? {
        guard var html, !html.isEmpty else { return nil }
        return html.withUTF8 { plain($0) }
    }

    /// The first `limit` characters of the plain text, cut at a word boundary and ended
    /// with "…" when it was longer.
    public static func excerpt(_ html: String?, limit: Int = 200) -> String? {
        guard var html, !html.isEmpty else { return nil }
        // A long text is read, and its characters counted, only as far as the excerpt needs:
        // four bytes a character, as far as any script's letters take (not every emoji). Read
        // to its end, or far enough for `limit` characters and two more whole ones, it is enough.
        let reach = limit * 4 + 8
        guard let start = html.withUTF8({ plain($0, upTo: reach) }) else { return nil }
        let text = start.utf8.count < reach || start.index(start.startIndex, offsetBy: limit + 2, limitedBy: start.endIndex) != nil
            ? start : html.withUTF8 { plain($0) } ?? start
        guard text.utf8.count > limit, let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
              end < text.endIndex else { return text }
        let kept = text[..<end]
        if let space = kept.lastIndex(of: " ") { return String(kept[..<space]) + "…" }
        return String(kept) + "…"
    }

    /// `plain` on UTF-8 bytes, stopping once `reach` bytes of text are out.
    static func plain(_ bytes: UnsafeBufferPointer<UInt8>, upTo reach: Int = .max) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(min(bytes.count, reach))
        var pendingSpace = false
        var scratch: [UInt8] = []
        @inline(__always) func emit(_ byte: UInt8) {
            if TextBytes.isSpace(byte) || byte == 0x0C {
                pendingSpace = !out.isEmpty
            } else if byte != 0 {
                if pendingSpace { out.append(0x20); pendingSpace = false }
                out.append(byte)
            }
        }
        var index = 0
        while index < bytes.count, out.count < reach {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), index + 1 < bytes.count, startsTag(bytes[index + 1]) {
                let name = tagName(bytes, at: index)
                index = name.closesRawText ? endOfRawText(bytes, named: name, from: index) : HTMLScanner.endOfTag(bytes, from: index)
                if !name.isInline { pendingSpace = !out.isEmpty }
                continue
            }
            if byte == UInt8(ascii: "&"), let next = EntityDecoder.decode(bytes, at: index, into: &scratch) {
                for decoded in scratch { emit(decoded) }
                scratch.removeAll(keepingCapacity: true)
                index = next
                continue
            }
            emit(byte)
            index += 1
        }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }

    /// A tag's name, lowercased and packed into an integer (names past 8 bytes never match).
    private struct TagName: Equatable {
        var packed: UInt64
        var length: Int
        var isClosing: Bool

        static let script = TagName(word: "script"), style = TagName(word: "style")
        static let inline: Set<UInt64> = Set(["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em",
                                             "font", "i", "kbd", "mark", "q", "s", "samp", "small", "span",
                                             "strike", "strong", "sub", "sup", "time", "tt", "u", "var"]
                                            .map { TagName(word: $0).packed })

        init(packed: UInt64, length: Int, isClosing: Bool) {
            self.packed = packed
            self.length = length
            self.isClosing = isClosing
        }

        init(word: String) {
            var packed: UInt64 = 0
            for byte in word.utf8 { packed = packed << 8 | UInt64(byte) }
            self.init(packed: packed, length: word.utf8.count, isClosing: false)
        }

        var isInline: Bool { Self.inline.contains(packed) }
        /// `<script` and `<style` open raw text that ends only at their close tag.
        var closesRawText: Bool { !isClosing && (packed == Self.script.packed || packed == Self.style.packed) }
    }

    private static func tagName(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> TagName {
        var index = start + 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        var packed: UInt64 = 0
        var length = 0
        while index < bytes.count, isLetter(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39) {
            if length < 9 { packed = packed << 8 | UInt64(bytes[index] | 0x20) }
            length += 1
            index += 1
        }
        return TagName(packed: length > 8 ? 0 : packed, length: length, isClosing: closing)
    }

    /// The index past the close tag of the `script` or `style` element starting at `start`.
    private static func endOfRawText(_ bytes: UnsafeBufferPointer<UInt8>, named name: TagName, from start: Int) -> Int {
        var index = HTMLScanner.endOfTag(bytes, from: start)
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/") {
                let close = tagName(bytes, at: index)
                if close.packed == name.packed { return HTMLScanner.endOfTag(bytes, from: index) }
            }
            index += 1
        }
        return bytes.count
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func startsTag(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
    }
}
