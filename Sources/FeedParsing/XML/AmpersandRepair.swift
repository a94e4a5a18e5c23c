import Foundation

/// Repairs the most common XML breakage in feeds before libxml2 sees it: bare `&`
/// (`?a=1&b=2`, `AT&T`), `&#X41;` with a capital X, and a `<` that starts no tag
/// (`a < b`, `<3`). libxml2 would drop such text in recovery mode, or stop at the `<`.
/// CDATA sections and comments are copied untouched. Used only when a first parse showed
/// libxml2 meeting such a character; the document is then rewritten a chunk at a time.
enum AmpersandRepair {
    /// Writes the repaired document to `emit` in pieces of about `chunkSize` bytes, so no
    /// full copy of the document is ever held; stops early when `emit` returns false.
    /// `emit` also receives how many input bytes have been read so far.
    /// Returns whether anything was changed.
    @discardableResult
    static func repair(_ p: UnsafeBufferPointer<UInt8>, chunkSize: Int,
                       emit: (UnsafeBufferPointer<UInt8>, Int) -> Bool) -> Bool {
        var stream = Stream(p)
        var out = [UInt8]()
        out.reserveCapacity(chunkSize + 64)
        while stream.nextPiece(into: &out, size: chunkSize) {
            guard out.withUnsafeBufferPointer({ emit($0, stream.consumed) }) else { break }
            out.removeAll(keepingCapacity: true)
        }
        return stream.changed
    }

    /// The repaired document a piece at a time.
    struct Stream {
        private let p: UnsafeBufferPointer<UInt8>
        /// How many input bytes have been read.
        private(set) var consumed = 0
        /// Whether anything was repaired so far.
        private(set) var changed = false

        init(_ document: UnsafeBufferPointer<UInt8>) { p = document }

        /// Appends the next repaired piece, about `size` bytes, to `out`; false when the
        /// whole document has been written.
        mutating func nextPiece(into out: inout [UInt8], size: Int) -> Bool {
            guard consumed < p.count else { return false }
            let limit = out.count + size
            var index = consumed
            while index < p.count, out.count < limit {
                let byte = p[index]
                if byte == UInt8(ascii: "<") {
                    if let end = skipSection(p, at: index, open: "<![CDATA[", close: "]]>")
                        ?? skipSection(p, at: index, open: "<!--", close: "-->") {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: p[index..<end]))
                        index = end
                        continue
                    }
                    if !startsMarkup(p, after: index) {
                        out.append(contentsOf: [38, 108, 116, 59]) // &lt;
                        index += 1
                        changed = true
                        continue
                    }
                } else if byte == UInt8(ascii: "&") {
                    switch referenceKind(p, at: index) {
                    case .valid: break
                    case .capitalHex:
                        out.append(contentsOf: [38, 35, 120]) // &#x
                        index += 3
                        changed = true
                        continue
                    case .bare:
                        out.append(contentsOf: [38, 97, 109, 112, 59]) // &amp;
                        index += 1
                        changed = true
                        continue
                    }
                }
                // Copy up to the next byte that may need repairing in one go.
                var end = index + 1
                while end < p.count, end - index < size, p[end] != UInt8(ascii: "<"), p[end] != UInt8(ascii: "&") { end += 1 }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[index..<end]))
                index = end
            }
            consumed = index
            return true
        }
    }

    /// The whole repaired document, or nil when nothing needed repairing (for tests).
    static func repair(_ p: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var whole = [UInt8]()
        let changed = repair(p, chunkSize: 1 << 16) { chunk, _ in whole.append(contentsOf: chunk); return true }
        return changed ? whole : nil
    }

    /// Whether the `<` at `index` can start markup: a name, `/`, `!` or `?`.
    static func startsMarkup(_ p: UnsafeBufferPointer<UInt8>, after index: Int) -> Bool {
        guard index + 1 < p.count else { return false }
        let next = p[index + 1]
        return isNameStart(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?")
    }

    enum Kind { case valid, capitalHex, bare }

    /// Whether the `&` at `index` starts `&name;`, `&#123;` or `&#x7B;`.
    static func referenceKind(_ p: UnsafeBufferPointer<UInt8>, at index: Int) -> Kind {
        var cursor = index + 1
        let limit = min(p.count, index + 40)
        guard cursor < limit else { return .bare }
        if p[cursor] == UInt8(ascii: "#") {
            cursor += 1
            var hex = false
            var capital = false
            if cursor < limit, p[cursor] == UInt8(ascii: "x") || p[cursor] == UInt8(ascii: "X") {
                hex = true
                capital = p[cursor] == UInt8(ascii: "X")
                cursor += 1
            }
            let digitsStart = cursor
            while cursor < limit, isDigit(p[cursor], hex: hex) { cursor += 1 }
            guard cursor > digitsStart, cursor < limit, p[cursor] == UInt8(ascii: ";") else { return .bare }
            return capital ? .capitalHex : .valid
        }
        guard isNameStart(p[cursor]) else { return .bare }
        cursor += 1
        while cursor < limit, isNameStart(p[cursor]) || isDigit(p[cursor], hex: false)
                || p[cursor] == UInt8(ascii: "-") || p[cursor] == UInt8(ascii: ".") { cursor += 1 }
        return cursor < limit && p[cursor] == UInt8(ascii: ";") ? .valid : .bare
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8, hex: Bool) -> Bool {
        if byte >= 48 && byte <= 57 { return true }
        return hex && (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f")
    }

    /// The index after `close` when a section opened by `open` starts at `index`.
    private static func skipSection(_ p: UnsafeBufferPointer<UInt8>, at index: Int,
                                    open: StaticString, close: StaticString) -> Int? {
        let openCount = open.utf8CodeUnitCount
        guard index + openCount <= p.count else { return nil }
        for offset in 0..<openCount where p[index + offset] != open.utf8Start[offset] { return nil }
        let closeCount = close.utf8CodeUnitCount
        var cursor = index + openCount
        while cursor + closeCount <= p.count {
            var matched = true
            for offset in 0..<closeCount where p[cursor + offset] != close.utf8Start[offset] { matched = false; break }
            if matched { return cursor + closeCount }
            cursor += 1
        }
        return p.count
    }
}
