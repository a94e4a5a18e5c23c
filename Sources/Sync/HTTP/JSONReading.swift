import FeedParsing
import Foundation

/// Reading the loosely typed JSON servers send: numbers that are sometimes strings, booleans
/// that are sometimes 0/1, keys that may be missing.
enum JSONReading {
    /// The parsed JSON of `data`, or nil when it is not JSON.
    static func parse(_ data: Data) -> Any? {
        JSONText.parse(data)
    }

    /// The parsed JSON object of `data`, its array `list` read as its objects' `field` texts
    /// (`JSONText.parse(_:plucking:from:)`); nil when it is not a JSON object.
    static func parse(_ data: Data, plucking field: String, from list: String) -> [String: Any]? {
        JSONText.parse(data, plucking: field, from: list)
    }

    static func int(_ value: Any?) -> Int64? {
        if let text = value as? String { return Int64(trimmed(text, of: .whitespaces)) }
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

    /// Text that may be empty: nil when it is. Trimmed of white space at either end.
    static func text(_ value: Any?) -> String? {
        guard let text = string(value) else { return nil }
        let trimmed = trimmed(text)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// `text` without the characters of `set` at either end. Most text has none there and is
    /// given back as it is, checked by its end bytes when they are ASCII, else by its end
    /// characters: Foundation's trimming copies through UTF-16, and a sync reads tens of
    /// thousands of ids and titles.
    static func trimmed(_ text: String, of set: CharacterSet = .whitespacesAndNewlines) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        if first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return text }
        if let head = text.unicodeScalars.first, let tail = text.unicodeScalars.last, !set.contains(head), !set.contains(tail) {
            return text
        }
        return text.trimmingCharacters(in: set)
    }
}

/// Parsed JSON handed from one task to another. What `JSONText` builds (dictionaries, arrays,
/// strings, immutable `NSNumber`s and `NSNull`) is never changed after, so sending it is safe.
struct SentJSON<Value>: @unchecked Sendable {
    let value: Value
}
