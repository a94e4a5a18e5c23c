import Foundation

/// Repairs the most common XML breakage in feeds before libxml2 sees it: bare `&`
/// (`?a=1&b=2`, `AT&T`), `&#X41;` with a capital X, and a `<` that starts no tag
/// (`a < b`, `<3`). libxml2 would drop such text in recovery mode, or stop at the `<`.
/// CDATA sections and comments are copied untouched.
///
/// The check is a `memchr` walk over the ampersands; only when one of them does not
/// start a well-formed reference is the document rewritten, a chunk at a time.
enum AmpersandRepair {
    /// Writes the repaired document to `emit` in pieces of about `chunkSize` bytes, so no
    /// full copy of the document is ever held; stops early when `emit` returns false.
    /// `emit` also receives how many input bytes have been read so far.
    /// Returns whether anything was changed.
    @discardableResult
    static func repair(_ p: UnsafeBufferPointer<UInt8>, chunkSize: Int,
                       emit: (UnsafeBufferPointer<UInt8>, Int) -> Bool) -> Bool {
        var out = [UInt8]()
        out.reserveCapacity(chunkSize + 64)
        var index = 0
        var changed = false
        func flush() -> Bool {
            defer { out.removeAll(keepingCapacity: true) }
            return out.withUnsafeBufferPointer { emit($0, index) }
        }
        while index < p.count {
            if out.count >= chunkSize, !flush() { return changed }
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
            out.append(byte)
            index += 1
        }
        if !out.isEmpty { _ = flush() }
        return changed
    }

    /// The whole repaired document, or nil when nothing needs repairing (for tests).
    static func repair(_ p: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard needsRepair(p) else { return nil }
        var whole = [UInt8]()
        let changed = repair(p, chunkSize: 1 << 16) { chunk, _ in whole.append(contentsOf: chunk); return true }
        return changed ? whole : nil
    }

    /// Whether any `&` outside CDATA does not start a well-formed reference.
    static func needsRepair(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        var sections = CDATATracker()
        return needsRepair(p, from: 0, to: p.count, sections: &sections)
    }

    /// `needsRepair` over a mapped file, a window at a time, handing pages back behind it.
    static func needsRepair(_ p: UnsafeBufferPointer<UInt8>, pager: MappedFile?) -> Bool {
        guard let pager, let base = p.baseAddress, let fileBase = pager.bytes.baseAddress,
              base >= fileBase, base + p.count == fileBase + pager.bytes.count else { return needsRepair(p) }
        let offset = fileBase.distance(to: base)
        var sections = CDATATracker()
        var found = false
        pager.forEachWindow(from: offset) { start, end in
            found = needsRepair(p, from: start - offset, to: end - offset, sections: &sections)
            return !found
        }
        return found
    }

    /// Whether an `&` in `from..<to` needs repairing; `sections` carries on between calls.
    private static func needsRepair(_ p: UnsafeBufferPointer<UInt8>, from: Int, to: Int,
                                    sections: inout CDATATracker) -> Bool {
        guard let base = p.baseAddress else { return false }
        var index = from
        while index < to {
            guard let found = memchr(base + index, 38, to - index) else { return false }
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if referenceKind(p, at: index) != .valid, !sections.isInside(p, at: index) { return true }
            index += 1
        }
        return false
    }

    /// Answers "is this offset inside a CDATA section?" for increasing offsets, in
    /// linear time overall (`memchr` from the last answer onwards).
    struct CDATATracker {
        private var scanned = 0
        private var sectionEnd = -1 // end of the last section found

        mutating func isInside(_ p: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
            guard let base = p.baseAddress else { return false }
            if offset < sectionEnd { return true }
            while scanned < offset {
                guard let start = find("<![CDATA[", in: base, from: scanned, to: offset) else {
                    scanned = max(scanned, offset - 8) // a marker may straddle the offset
                    return false
                }
                let end = find("]]>", in: base, from: start + 9, to: p.count).map { $0 + 3 } ?? p.count
                sectionEnd = end
                scanned = end
                if offset < end { return true }
            }
            return false
        }

        private func find(_ needle: StaticString, in base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
            let count = needle.utf8CodeUnitCount
            let first = Int32(needle.utf8Start[0])
            var cursor = from
            while to - cursor >= count {
                guard let hit = memchr(base + cursor, first, to - cursor) else { return nil }
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard to - index >= count else { return nil }
                if memcmp(base + index, needle.utf8Start, count) == 0 { return index }
                cursor = index + 1
            }
            return nil
        }
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
