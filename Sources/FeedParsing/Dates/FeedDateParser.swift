import Foundation

/// Parses the dates found in feeds: RFC 822 and its sloppy real-world cousins
/// (missing weekday or seconds, named and numeric zones, two-digit years, extra
/// spaces and commas, month names in the feed's language) and ISO 8601 / W3C-DTF (fractions,
/// offsets, compact forms).
///
/// Pure and allocation-light: it works on the UTF-8 bytes and computes the UTC
/// instant arithmetically. Garbage gives `nil`, never "now" or the epoch.
public enum FeedDateParser {
    /// The UTC instant written in `text`, or nil when it is not a recognisable date.
    public static func parse(_ text: String) -> Date? {
        parse(text, language: nil)
    }

    /// The same for a feed in `language` (BCP 47), which makes its month names that mean
    /// another month elsewhere count.
    public static func parse(_ text: String, language: String?) -> Date? {
        var copy = text
        return copy.withUTF8 { parse(bytes: $0, language: language) }
    }

    /// `parse(_:)` on UTF-8 bytes (the feed builder's capture buffer).
    static func parse(bytes: UnsafeBufferPointer<UInt8>, language: String? = nil) -> Date? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end - start >= 4 else { return nil }
        let slice = bytes[start..<end]
        if isDigit(slice[start]), let date = ISO8601Scanner.parse(slice) { return date }
        return RFC822Scanner.parse(slice, language: language)
    }

    /// Seconds since 1970 for a civil UTC date-time, or nil when a field is out of range.
    static func epochSeconds(year: Int, month: Int, day: Int, hour: Int, minute: Int,
                             second: Int, offsetSeconds: Int) -> Date? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1...9999).contains(year) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's formula).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 10 || byte == 13
    }
}
