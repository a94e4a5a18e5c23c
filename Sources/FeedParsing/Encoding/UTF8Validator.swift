/// Fast UTF-8 checking and repair over raw bytes.
enum UTF8Validator {
    /// The length of the valid UTF-8 sequence starting at `index`, or 0 when the
    /// bytes there are not valid UTF-8 (overlongs, surrogates and truncation included).
    @inline(__always)
    static func sequenceLength(_ p: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let b0 = p[index]
        if b0 < 0x80 { return 1 }
        let remaining = p.count - index
        func cont(_ offset: Int) -> Bool { p[index + offset] & 0xC0 == 0x80 }
        switch b0 {
        case 0xC2...0xDF:
            return remaining >= 2 && cont(1) ? 2 : 0
        case 0xE0...0xEF:
            guard remaining >= 3, cont(1), cont(2) else { return 0 }
            let b1 = p[index + 1]
            if b0 == 0xE0 && b1 < 0xA0 { return 0 }
            if b0 == 0xED && b1 >= 0xA0 { return 0 }
            return 3
        case 0xF0...0xF4:
            guard remaining >= 4, cont(1), cont(2), cont(3) else { return 0 }
            let b1 = p[index + 1]
            if b0 == 0xF0 && b1 < 0x90 { return 0 }
            if b0 == 0xF4 && b1 >= 0x90 { return 0 }
            return 4
        default:
            return 0
        }
    }

    /// Whether all bytes are valid UTF-8, and whether any of them is non-ASCII.
    static func check(_ p: UnsafeBufferPointer<UInt8>) -> (valid: Bool, hasMultibyte: Bool) {
        var index = 0
        var multibyte = false
        let count = p.count
        guard let base = p.baseAddress else { return (true, false) }
        while index < count {
            // ASCII fast path, eight bytes at a time.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            guard index < count else { break }
            let length = sequenceLength(p, at: index)
            if length == 0 { return (false, multibyte) }
            if length > 1 { multibyte = true }
            index += length
        }
        return (true, multibyte)
    }

    /// `check` over a mapped file, a window at a time, so the file's pages are handed
    /// back as the check goes (the answer is the same: windows end between sequences).
    static func check(_ p: UnsafeBufferPointer<UInt8>, pager: MappedFile?) -> (valid: Bool, hasMultibyte: Bool) {
        guard let pager, let base = p.baseAddress, let fileBase = pager.bytes.baseAddress,
              base >= fileBase, base + p.count == fileBase + pager.bytes.count else { return check(p) }
        var valid = true
        var multibyte = false
        pager.forEachWindow(from: fileBase.distance(to: base)) { start, end in
            let window = UnsafeBufferPointer(rebasing: pager.bytes[start..<end])
            let result = check(window)
            valid = result.valid
            multibyte = multibyte || result.hasMultibyte
            return valid
        }
        return (valid, multibyte)
    }

    /// UTF-8 where every valid sequence is kept and every invalid byte is read as
    /// Windows-1252 (so mixed UTF-8 / cp1252 text comes out right). Also returns how
    /// many bytes were reinterpreted.
    static func repair(_ p: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8], repaired: Int) {
        var out = [UInt8]()
        out.reserveCapacity(p.count + p.count / 8)
        var index = 0
        var repaired = 0
        while index < p.count {
            let length = sequenceLength(p, at: index)
            if length == 0 {
                Windows1252.appendUTF8(Windows1252.scalar(p[index]), to: &out)
                repaired += 1
                index += 1
            } else {
                for offset in 0..<length { out.append(p[index + offset]) }
                index += length
            }
        }
        return (out, repaired)
    }

    /// Every byte read as Windows-1252 (the reading of ISO-8859-1 that browsers use).
    static func fromWindows1252(_ p: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(p.count + p.count / 4)
        for byte in p { Windows1252.appendUTF8(Windows1252.scalar(byte), to: &out) }
        return out
    }
}
