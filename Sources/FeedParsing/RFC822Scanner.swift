import Foundation

/// RFC 822 / 2822 dates and the variants found in real feeds:
/// `Sat, 01 Jun 2024 09:48:24 +0000`, `1 Jun 24 9:48 EST`, `Saturday, 01-Jun-2024 09:48:24 GMT`,
/// `Jun 1, 2024 09:48:24 PDT`, missing seconds, extra spaces and commas. No zone means UTC.
enum RFC822Scanner {
    static func parse(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Date? {
        let text = String(decoding: bytes, as: UTF8.self)
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            .flatMap(splitDashedDate)
        guard !tokens.isEmpty else { return nil }
        if month(tokens[0]) == nil, Int(tokens[0]) == nil { tokens.removeFirst() } // weekday
        guard tokens.count >= 3 else { return nil }
        var day: Int, monthNumber: Int
        if let m = month(tokens[0]), let d = Int(tokens[1]) { monthNumber = m; day = d }
        else if let d = Int(tokens[0]), let m = month(tokens[1]) { monthNumber = m; day = d }
        else { return nil }
        var rest = tokens.dropFirst(2)
        var year: Int
        guard let yearToken = rest.first else { return nil }
        if let y = Int(yearToken), yearToken.count <= 4 {
            year = y
            rest = rest.dropFirst()
        } else if rest.count >= 2, let y = Int(rest[rest.startIndex + 1]) {
            year = y // "Jun 01 09:48:24 2024" (asctime order)
            rest.remove(at: rest.startIndex + 1)
        } else { return nil }
        if yearToken.count <= 2 { year += year < 50 ? 2000 : 1900 } else if year < 1000 { year += 1900 }
        var hour = 0, minute = 0, second = 0, offset = 0
        if let clock = rest.first, clock.contains(":") {
            let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts.count <= 3, let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
            hour = h; minute = m
            if parts.count == 3 {
                guard let s = Int(parts[2].prefix(while: { $0.isNumber })) else { return nil }
                second = s
            }
            rest = rest.dropFirst()
        }
        if let zone = rest.first {
            offset = numericZone(zone) ?? namedZone(String(zone)) ?? 0
        }
        return FeedDateParser.epochSeconds(year: year, month: monthNumber, day: day, hour: hour,
                                           minute: minute, second: second, offsetSeconds: offset)
    }

    /// `01-Jun-2024` splits into three tokens; anything else stays whole.
    private static func splitDashedDate(_ token: Substring) -> [Substring] {
        let parts = token.split(separator: "-")
        if parts.count == 3, Int(parts[0]) != nil, month(parts[1]) != nil { return parts }
        return [token]
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun",
                                 "jul", "aug", "sep", "oct", "nov", "dec"]

    static func month(_ token: Substring) -> Int? {
        guard token.count >= 3, token.first?.isLetter == true else { return nil }
        let key = token.prefix(3).lowercased()
        return months.firstIndex(of: key).map { $0 + 1 }
    }

    /// `+0000`, `-0500`, `+05:30`, `GMT+2`-style offsets.
    static func numericZone(_ token: Substring) -> Int? {
        var body = token
        if body.uppercased().hasPrefix("GMT") || body.uppercased().hasPrefix("UTC") { body = body.dropFirst(3) }
        guard let sign = body.first, sign == "+" || sign == "-" else { return nil }
        let digits = body.dropFirst().filter { $0 != ":" }
        guard !digits.isEmpty, digits.count <= 4, let value = Int(digits) else { return nil }
        let (hours, minutes) = digits.count <= 2 ? (value, 0) : (value / 100, value % 100)
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// Named zones from RFC 822 plus common North American and European abbreviations.
    static func namedZone(_ name: String) -> Int? {
        let hours: [String: Int] = [
            "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "WET": 0, "BST": 1, "CET": 1, "CEST": 2, "MET": 1,
            "EET": 2, "EEST": 3, "MSK": 3, "IST": 5, "JST": 9, "AEST": 10, "AEDT": 11,
            "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
            "AST": -4, "ADT": -3, "HST": -10, "AKST": -9, "AKDT": -8, "NZST": 12, "NZDT": 13,
        ]
        let key = name.uppercased().trimmingCharacters(in: CharacterSet(charactersIn: "()."))
        if let value = hours[key] { return value * 3600 }
        if key.count == 1, let scalar = key.unicodeScalars.first, scalar.value >= 65, scalar.value <= 90 {
            return militaryZone(scalar.value)
        }
        return nil
    }

    /// RFC 822's military letters had their signs reversed in the RFC itself;
    /// RFC 2822 says to read them as "-0000", an unknown zone, so UTC.
    private static func militaryZone(_ letter: UInt32) -> Int? { 0 }
}
