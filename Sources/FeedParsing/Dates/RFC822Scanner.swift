import Foundation

/// RFC 822 / 2822 dates and the variants found in real feeds:
/// `Sat, 01 Jun 2024 09:48:24 +0000`, `1 Jun 24 9:48 EST`, `Saturday, 01-Jun-2024 09:48:24 GMT`,
/// `Jun 1, 2024 09:48:24 PDT`, missing seconds, extra spaces and commas. No zone means UTC.
/// Works on the UTF-8 bytes: it runs once per entry, so it stays allocation-free.
enum RFC822Scanner {
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    static func parse(_ bytes: Bytes) -> Date? {
        var tokens = tokenize(bytes)
        guard !tokens.isEmpty else { return nil }
        if month(tokens[0]) == nil, number(tokens[0]) == nil { tokens.removeFirst() } // weekday
        guard tokens.count >= 3 else { return nil }
        let day: Int, monthNumber: Int
        if let m = month(tokens[0]), let d = number(tokens[1]) { monthNumber = m; day = d }
        else if let d = number(tokens[0]), let m = month(tokens[1]) { monthNumber = m; day = d }
        else { return nil }
        var rest = Array(tokens.dropFirst(2))
        guard let yearToken = rest.first else { return nil }
        var year: Int
        if let y = number(yearToken), yearToken.count <= 4 {
            year = y
            rest.removeFirst()
        } else if rest.count >= 2, let y = number(rest[1]), rest[1].count == 4 {
            year = y // "Jun 01 09:48:24 2024" (asctime order)
            rest.remove(at: 1)
        } else { return nil }
        if yearToken.count <= 2 { year += year < 50 ? 2000 : 1900 } else if year < 1000 { year += 1900 }
        var hour = 0, minute = 0, second = 0, offset = 0
        if let clock = rest.first, clock.contains(58) { // ':'
            guard let time = parseClock(clock) else { return nil }
            (hour, minute, second) = time
            rest.removeFirst()
        }
        if let zone = rest.first {
            offset = numericZone(zone) ?? namedZone(String(decoding: zone, as: UTF8.self)) ?? 0
        }
        return FeedDateParser.epochSeconds(year: year, month: monthNumber, day: day, hour: hour,
                                           minute: minute, second: second, offsetSeconds: offset)
    }

    /// Splits on spaces, tabs and commas; `01-Jun-2024` becomes three tokens.
    private static func tokenize(_ bytes: Bytes) -> [Bytes] {
        var tokens: [Bytes] = []
        tokens.reserveCapacity(8)
        var start: Int?
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == 32 || byte == 44 || byte == 9 || byte == 10 || byte == 13 {
                if let open = start { tokens.append(bytes[open..<index]); start = nil }
            } else if start == nil {
                start = index
            }
        }
        if let open = start { tokens.append(bytes[open..<bytes.endIndex]) }
        return tokens.flatMap(splitDashedDate)
    }

    private static func splitDashedDate(_ token: Bytes) -> [Bytes] {
        guard token.count >= 7, token.contains(45) else { return [token] }
        let parts = token.split(separator: 45)
        if parts.count == 3, number(parts[0]) != nil, month(parts[1]) != nil { return Array(parts) }
        return [token]
    }

    /// A run of ASCII digits as a number, or nil.
    static func number(_ token: Bytes) -> Int? {
        guard !token.isEmpty, token.count <= 9 else { return nil }
        var value = 0
        for byte in token {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    private static func parseClock(_ token: Bytes) -> (Int, Int, Int)? {
        let parts = token.split(separator: 58, omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let hour = number(parts[0]), let minute = number(parts[1]) else { return nil }
        guard parts.count == 3 else { return (hour, minute, 0) }
        let digits = parts[2].prefix(while: { $0 >= 48 && $0 <= 57 }) // "24.5" or "24Z"
        guard let second = number(digits) else { return nil }
        return (hour, minute, second)
    }

    /// "jan" … "dec" packed as three lowercase bytes.
    private static let months: [UInt32] = ["jan", "feb", "mar", "apr", "may", "jun",
                                           "jul", "aug", "sep", "oct", "nov", "dec"].map(pack)

    private static func pack(_ text: String) -> UInt32 {
        text.utf8.prefix(3).reduce(0) { $0 << 8 | UInt32($1 | 0x20) }
    }

    static func month(_ token: Bytes) -> Int? {
        guard token.count >= 3, let first = token.first, (first | 0x20) >= 97, (first | 0x20) <= 122 else { return nil }
        let key = token.prefix(3).reduce(UInt32(0)) { $0 << 8 | UInt32($1 | 0x20) }
        return months.firstIndex(of: key).map { $0 + 1 }
    }

    private static let gmt = pack("gmt"), utc = pack("utc")

    /// `+0000`, `-0500`, `+05:30`, `GMT+2`-style offsets.
    static func numericZone(_ token: Bytes) -> Int? {
        var body = token
        if body.count > 3 {
            let prefix = body.prefix(3).reduce(UInt32(0)) { $0 << 8 | UInt32($1 | 0x20) }
            if prefix == gmt || prefix == utc { body = body.dropFirst(3) }
        }
        guard let sign = body.first, sign == 43 || sign == 45 else { return nil }
        let digits = body.dropFirst().filter { $0 != 58 }
        guard !digits.isEmpty, digits.count <= 4 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        let (hours, minutes) = digits.count <= 2 ? (value, 0) : (value / 100, value % 100)
        return (sign == 45 ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// Named zones from RFC 822 plus common North American and European abbreviations.
    /// RFC 822's single military letters had their signs reversed in the RFC itself;
    /// RFC 2822 says to read them as "-0000", an unknown zone, so UTC.
    static func namedZone(_ name: String) -> Int? {
        let hours: [String: Int] = [
            "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "WET": 0, "BST": 1, "CET": 1, "CEST": 2, "MET": 1,
            "EET": 2, "EEST": 3, "MSK": 3, "IST": 5, "JST": 9, "AEST": 10, "AEDT": 11,
            "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
            "AST": -4, "ADT": -3, "HST": -10, "AKST": -9, "AKDT": -8, "NZST": 12, "NZDT": 13,
        ]
        let key = name.uppercased().trimmingCharacters(in: CharacterSet(charactersIn: "()."))
        if let value = hours[key] { return value * 3600 }
        if key.count == 1, let scalar = key.unicodeScalars.first, scalar.value >= 65, scalar.value <= 90 { return 0 }
        return nil
    }
}
