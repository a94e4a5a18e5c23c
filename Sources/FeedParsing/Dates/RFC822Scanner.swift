import Foundation

/// RFC 822 / 2822 dates and the variants found in real feeds:
/// `Sat, 01 Jun 2024 09:48:24 +0000`, `1 Jun 24 9:48 EST`, `Saturday, 01-Jun-2024 09:48:24 GMT`,
/// `Jun 1, 2024 09:48:24 PDT`, missing seconds, extra spaces and commas. No zone means UTC.
/// Month names may be in the feed's own language as its locale's strftime writes them
/// (`Seg, 24 Set 2018 19:42:40 -0300`, `Po, 24. září 2018`, `月, 24  9月 2018`; `MonthNames`);
/// a word that is no month gives no date, never a guess.
/// Works on the UTF-8 bytes: it runs once per entry, so English stays allocation-free.
enum RFC822Scanner {
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// `language` is the feed's (a BCP 47 tag), which makes its own ambiguous month names count.
    static func parse(_ bytes: Bytes, language: String? = nil) -> Date? {
        let tokens = tokenize(bytes, language: language)
        guard let (day, monthNumber, next) = dayAndMonth(tokens, language: language) else { return nil }
        var rest = Array(tokens.dropFirst(next))
        guard let yearToken = rest.first else { return nil }
        var year: Int
        if let y = number(yearToken), yearToken.count <= 4 {
            year = y
            rest.removeFirst()
        } else if rest.count >= 2, rest[0].contains(58), let y = number(rest[1]), rest[1].count == 4 {
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

    /// The day and month the date starts with, and the index of the token after them:
    /// `Sat 01 Jun`, `01 Jun`, `Jun 01`, `Sat Jun 01`. A weekday that is also a month's name
    /// ("Mar", Tuesday in Spanish, French and Italian) is the weekday when a day and a month follow.
    private static func dayAndMonth(_ tokens: [Bytes], language: String?) -> (day: Int, month: Int, next: Int)? {
        func dayAt(_ index: Int) -> Int? { index < tokens.count ? dayNumber(tokens[index]) : nil }
        func monthAt(_ index: Int) -> (number: Int, width: Int)? {
            guard index < tokens.count else { return nil }
            if let number = month(tokens[index], language: language) { return (number, 1) }
            // Two-word names: the Levant's "كانون الثاني" (January).
            guard index + 1 < tokens.count else { return nil }
            return MonthNames.number(of: [tokens[index], tokens[index + 1]], language: language).map { ($0, 2) }
        }
        guard let first = tokens.first else { return nil }
        let startsWithWord = number(first) == nil && dayNumber(first) == nil
        if startsWithWord, let d = dayAt(1), let m = monthAt(2) { return (d, m.number, 2 + m.width) }
        if let d = dayAt(0), let m = monthAt(1) { return (d, m.number, 1 + m.width) }
        if let m = monthAt(0), let d = dayAt(m.width) { return (d, m.number, m.width + 1) }
        if startsWithWord, let m = monthAt(1), let d = dayAt(1 + m.width) { return (d, m.number, 2 + m.width) }
        return nil
    }

    /// Splits on spaces, tabs and commas; `01-Jun-2024` becomes three tokens.
    private static func tokenize(_ bytes: Bytes, language: String?) -> [Bytes] {
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
        return tokens.flatMap { splitDashedDate($0, language: language) }
    }

    private static func splitDashedDate(_ token: Bytes, language: String?) -> [Bytes] {
        guard token.count >= 7, token.contains(45) else { return [token] }
        let parts = token.split(separator: 45)
        if parts.count == 3, number(parts[0]) != nil, month(parts[1], language: language) != nil { return Array(parts) }
        return [token]
    }

    /// A day of the month: digits, with the period German and Czech write after it (`24.`) or
    /// Japanese 日.
    private static func dayNumber(_ token: Bytes) -> Int? {
        var digits = token
        if digits.last == 46 {
            digits = digits.dropLast()
        } else if digits.count > 3, digits.suffix(3).elementsEqual(japaneseDay) {
            digits = digits.dropLast(3)
        }
        guard let day = number(digits), (1...31).contains(day) else { return nil }
        return day
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
    private static let englishNames = ["january", "february", "march", "april", "may", "june", "july",
                                       "august", "september", "october", "november", "december"].map { Array($0.utf8) }
    private static let japaneseDay = Array("日".utf8)

    private static func pack(_ text: String) -> UInt32 {
        text.utf8.prefix(3).reduce(0) { $0 << 8 | UInt32($1 | 0x20) }
    }

    /// The month a word names: English as the RFC has it, else in the feed's language (`MonthNames`).
    static func month(_ token: Bytes, language: String? = nil) -> Int? {
        englishMonth(token) ?? MonthNames.number(of: [token], language: language)
    }

    /// An English month: its name or the start of it, three letters at least ("Jun", "Sept.",
    /// "June"), but not "Juni" or "marras" (Finnish November), which other languages' tables read.
    private static func englishMonth(_ token: Bytes) -> Int? {
        var word = token
        if word.last == 46 { word = word.dropLast() }
        guard word.count >= 3, let first = word.first, (first | 0x20) >= 97, (first | 0x20) <= 122 else { return nil }
        let key = word.prefix(3).reduce(UInt32(0)) { $0 << 8 | UInt32($1 | 0x20) }
        guard let index = months.firstIndex(of: key) else { return nil }
        let name = englishNames[index]
        guard word.count <= name.count, zip(word, name).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        return index + 1
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
