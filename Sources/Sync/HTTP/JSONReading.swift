import FeedParsing
import Foundation

/// Reading the loosely typed JSON servers send: numbers that are sometimes strings, booleans
/// that are sometimes 0/1, keys that may be missing.
enum JSONReading {
    /// The parsed JSON of `data`, or nil when it is not JSON.
    static func parse(_ data: Data) -> Any? {
        JSONText.parse(data)
    }

    static func int(_ value: Any?) -> Int64? {
        if let text = value as? String { return Int64(text.trimmingCharacters(in: .whitespaces)) }
        if let number = value as? NSNumber { return number.int64Value }
        return nil
    }

    static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String: return text
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }

    static func bool(_ value: Any?) -> Bool? {
        switch value {
        case let flag as Bool: return flag
        case let number as NSNumber: return number.intValue != 0
        case let text as String: return ["1", "true", "t"].contains(text.lowercased())
        default: return nil
        }
    }

    /// A Unix time in seconds as a date.
    static func date(_ value: Any?) -> Date? {
        int(value).flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil }
    }

    /// Text that may be empty: nil when it is. Trimmed of white space at either end (checked
    /// first, by the end bytes when they are ASCII: most text has none, and Foundation's
    /// trimming copies through UTF-16).
    static func text(_ value: Any?) -> String? {
        guard let text = string(value) else { return nil }
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return text }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return nil }
        if !first.properties.isWhitespace && !last.properties.isWhitespace { return text }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// Parsed JSON handed from one task to another. What `JSONText` builds (dictionaries, arrays,
/// strings, immutable `NSNumber`s and `NSNull`) is never changed after, so sending it is safe.
struct SentJSON<Value>: @unchecked Sendable {
    let value: Value
}
