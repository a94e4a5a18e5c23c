import Foundation

/// ISO 8601 / W3C-DTF dates: `2024-06-01`, `2024-06-01T09:48:24.123+05:30`,
/// `2024-06-01 09:48Z`, compact `20240601T094824Z`, `2024-06` and `2024`.
/// A date without a zone is taken as UTC.
enum ISO8601Scanner {
    static func parse(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Date? {
        var cursor = Cursor(bytes: bytes)
        guard let year = cursor.number(exactly: 4) else { return nil }
        var month = 1, day = 1, hour = 0, minute = 0, second = 0
        let extended = cursor.skip(45) // "-"
        if let value = cursor.number(exactly: 2) {
            month = value
            if extended { if cursor.skip(45) { guard let d = cursor.number(exactly: 2) else { return nil }; day = d } }
            else { guard let d = cursor.number(exactly: 2) else { return nil }; day = d }
        } else if extended || !cursor.atEnd {
            return nil
        }
        var offset = 0
        if cursor.skip(84) || cursor.skip(116) || cursor.skip(32) { // "T", "t", " "
            guard let h = cursor.number(exactly: 2) else { return nil }
            hour = h
            let colon = cursor.skip(58)
            guard let m = cursor.number(exactly: 2) else { return nil }
            minute = m
            if colon ? cursor.skip(58) : cursor.peekDigit {
                guard let s = cursor.number(exactly: 2) else { return nil }
                second = s
            }
            if cursor.skip(46) || cursor.skip(44) { // fraction: ignored beyond seconds
                while cursor.peekDigit { cursor.advance() }
            }
            while cursor.skip(32) {}
            guard let zone = cursor.zoneOffset() else { return nil }
            offset = zone
        }
        guard cursor.atEnd else { return nil }
        return FeedDateParser.epochSeconds(year: year, month: month, day: day, hour: hour,
                                           minute: minute, second: second, offsetSeconds: offset)
    }

    /// A forward-only reader over the date's bytes.
    struct Cursor {
        let bytes: Slice<UnsafeBufferPointer<UInt8>>
        var index: Int

        init(bytes: Slice<UnsafeBufferPointer<UInt8>>) {
            self.bytes = bytes
            self.index = bytes.startIndex
        }

        var atEnd: Bool { index >= bytes.endIndex }
        var peekDigit: Bool { !atEnd && FeedDateParser.isDigit(bytes[index]) }
        mutating func advance() { index += 1 }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard !atEnd, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func number(exactly count: Int) -> Int? {
            guard bytes.endIndex - index >= count else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard FeedDateParser.isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }

        /// `Z`, `±hh`, `±hhmm`, `±hh:mm`, or nothing (UTC); nil for anything else.
        mutating func zoneOffset() -> Int? {
            if atEnd { return 0 }
            if skip(90) || skip(122) { return 0 }
            let sign: Int
            if skip(43) { sign = 1 } else if skip(45) { sign = -1 } else {
                let rest = String(decoding: bytes[index...], as: UTF8.self)
                guard let zone = RFC822Scanner.namedZone(rest) else { return nil }
                index = bytes.endIndex
                return zone
            }
            guard let hours = number(exactly: 2) else { return nil }
            _ = skip(58)
            let minutes = number(exactly: 2) ?? 0
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
