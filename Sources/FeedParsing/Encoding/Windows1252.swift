import Glibc

/// Windows-1252 → Unicode for the bytes 0x80–0x9F (the rest is ISO-8859-1, i.e. the
/// byte value itself). Undefined positions map to the C1 control of the same value,
/// as browsers do. Source: the WHATWG Encoding Standard's windows-1252 index.
enum Windows1252 {
    static let high: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// The Unicode scalar for one Windows-1252 byte.
    @inline(__always) static func scalar(_ byte: UInt8) -> UInt32 {
        byte >= 0x80 && byte < 0xA0 ? UInt32(high[Int(byte) - 0x80]) : UInt32(byte)
    }

    /// Appends the UTF-8 encoding of `scalar` to `out`.
    @inline(__always) static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        if scalar < 0x80 {
            out.append(UInt8(scalar))
        } else if scalar < 0x800 {
            out.append(UInt8(0xC0 | (scalar >> 6)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        } else if scalar < 0x10000 {
            out.append(UInt8(0xE0 | (scalar >> 12)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        } else {
            out.append(UInt8(0xF0 | (scalar >> 18)))
            out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// UTF-8 text with the C1 controls U+0080–U+009F read as the Windows-1252 characters of the
    /// same number, as HTML reads `&#146;` (and as a page's bytes in Windows-1252 would have
    /// been): curly quotes, dashes and the euro sign instead of invisible controls. The five
    /// numbers Windows-1252 leaves undefined are dropped. Nil when there is none (the common case).
    static func replacingC1Controls(_ text: [UInt8]) -> [UInt8]? {
        /// U+0080–U+009F in UTF-8: 0xC2 and a second byte below 0xA0.
        func isC1(at index: Int) -> Bool { text[index] == 0xC2 && index + 1 < text.count && (0x80..<0xA0).contains(text[index + 1]) }
        // Found by memchr: every text node of every page is asked, and almost none has one.
        let found: Int? = text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count, let hit = memchr(base + offset, 0xC2, buffer.count - offset) {
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if isC1(at: index) { return index }
                offset = index + 1
            }
            return nil
        }
        guard let first = found else { return nil }
        var out = Array(text[..<first])
        out.reserveCapacity(text.count + 8)
        var index = first
        while index < text.count {
            if isC1(at: index) {
                let scalar = self.scalar(text[index + 1])
                if scalar >= 0xA0 { appendUTF8(scalar, to: &out) }
                index += 2
            } else {
                out.append(text[index])
                index += 1
            }
        }
        return out
    }
}
