/// Byte-level text helpers for the hot path: trimming and whitespace collapsing on
/// UTF-8 without going through Foundation (whose `trimmingCharacters` walks UTF-16).
enum TextBytes {
    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 10 || byte == 9 || byte == 13
    }

    /// The bytes without leading and trailing ASCII whitespace.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Trimmed text, or nil when only whitespace.
    static func trimmedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let core = trimmed(bytes)
        return core.isEmpty ? nil : String(decoding: core, as: UTF8.self)
    }

    /// Trimmed, with every run of ASCII whitespace replaced by one space and NULs dropped;
    /// nil when empty.
    static func collapsedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let core = trimmed(bytes)
        guard !core.isEmpty else { return nil }
        var clean = true
        var previousSpace = false
        for byte in core {
            let space = isSpace(byte)
            if byte == 0 || space && (byte != 32 || previousSpace) { clean = false; break }
            previousSpace = space
        }
        if clean { return String(decoding: core, as: UTF8.self) }
        var out = [UInt8]()
        out.reserveCapacity(core.count)
        previousSpace = false
        for byte in core {
            if isSpace(byte) {
                if !previousSpace { out.append(32) }
                previousSpace = true
            } else if byte != 0 { // a NUL (from JSON's "\u0000") is never text
                out.append(byte)
                previousSpace = false
            }
        }
        while out.last == 32 { out.removeLast() }
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }

    /// `collapsedString` for a Swift string.
    static func collapsed(_ text: String) -> String? {
        var copy = text
        return copy.withUTF8 { collapsedString($0) }
    }

    /// Trimmed and ASCII-lowercased ("" when only whitespace): attribute keywords.
    static func keyword(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { bytes in
            let core = trimmed(bytes)
            guard core.contains(where: { $0 >= 65 && $0 <= 90 }) else { return String(decoding: core, as: UTF8.self) }
            return String(decoding: core.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
        }
    }

    /// `trimmedString` for a Swift string.
    static func trimmed(_ text: String) -> String? {
        var copy = text
        return copy.withUTF8 { trimmedString($0) }
    }
}

extension String {
    /// Without leading and trailing ASCII whitespace, trimmed on UTF-8 (Foundation's
    /// `trimmingCharacters` walks UTF-16, and is asked of every `<meta>` of every page).
    public func trimmingASCIIWhitespace() -> String {
        TextBytes.trimmed(self) ?? ""
    }
}
