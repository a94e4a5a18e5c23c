import Foundation

/// JSON text (RFC 8259) read into the values `JSONSerialization` gives — `[String: Any]`,
/// `[Any]`, `String`, `NSNumber` (numbers and booleans), `NSNull` — in one pass over the
/// UTF-8 bytes, several times faster than `JSONSerialization` here, which builds a tree of its
/// own and then copies it into these types. Sync answers (tens of thousands of ids, thousands
/// of articles) are read with it; JSON Feeds still with `JSONSerialization`, whose errors say
/// where the text went wrong.
///
/// Strict where JSON is: a value at the top (any kind), nothing after it but white space, no
/// trailing commas, comments, single quotes or bare words; control characters escaped in
/// strings. Lenient where a reader should be: bytes that are not UTF-8 inside a string become
/// U+FFFD, as does a lone surrogate escape; of a repeated key, the last value counts. Nesting
/// deeper than `maxDepth` is refused: no byte from the web is trusted unbounded. Text in
/// UTF-16 or UTF-32 (a zero byte among the first four) is left to `JSONSerialization`.
public enum JSONText {
    public static let maxDepth = 128

    /// The value of `data`, or nil when it is not JSON.
    public static func parse(_ data: Data) -> Any? {
        parse(data, pluck: nil)
    }

    /// `data`'s top-level object as `parse` reads it, but for its member `list`: an array read
    /// as the `field` of each of its objects, as text (a number as it is written); an element
    /// without one is left out. The rest of each element is checked as JSON and passed over,
    /// never built: a sync's ten thousand item references, read for their ids, cost no
    /// dictionary each. Nil when `data` is not JSON or not an object.
    public static func parse(_ data: Data, plucking field: String, from list: String) -> [String: Any]? {
        parse(data, pluck: (Array(field.utf8), list)) as? [String: Any]
    }

    private static func parse(_ data: Data, pluck: (field: [UInt8], list: String)?) -> Any? {
        if data.prefix(4).contains(0) { return pluck == nil ? try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) : nil }
        return data.withUnsafeBytes { raw -> Any? in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self), pluck: pluck)
            if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
            guard let value = try? reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.index == reader.bytes.count ? value : nil
        }
    }

    private struct NotJSON: Error {}

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The top-level member read as a list of one field (`parse(_:plucking:from:)`).
        let pluck: (field: [UInt8], list: String)?
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>, pluck: (field: [UInt8], list: String)? = nil) {
            self.bytes = bytes
            self.pluck = pluck
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        /// The byte at the reading position after white space; throws at the end of the text.
        mutating func next() throws(NotJSON) -> UInt8 {
            skipSpace()
            guard index < bytes.count else { throw NotJSON() }
            return bytes[index]
        }

        mutating func value(depth: Int) throws(NotJSON) -> Any {
            guard depth < JSONText.maxDepth else { throw NotJSON() }
            switch try next() {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return try string()
            case UInt8(ascii: "t"): try word("true"); return NSNumber(value: true)
            case UInt8(ascii: "f"): try word("false"); return NSNumber(value: false)
            case UInt8(ascii: "n"): try word("null"); return NSNull()
            default: return try number()
            }
        }

        mutating func object(depth: Int) throws(NotJSON) -> [String: Any] {
            index += 1
            var object: [String: Any] = [:]
            if try next() == UInt8(ascii: "}") { index += 1; return object }
            while true {
                guard try next() == UInt8(ascii: "\"") else { throw NotJSON() }
                let key = try string()
                guard try next() == UInt8(ascii: ":") else { throw NotJSON() }
                index += 1
                if depth == 0, let pluck, key == pluck.list {
                    object[key] = try plucked(pluck.field, depth: depth + 1)
                } else {
                    object[key] = try value(depth: depth + 1)
                }
                switch try next() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1; return object
                default: throw NotJSON()
                }
            }
        }

        mutating func array(depth: Int) throws(NotJSON) -> [Any] {
            index += 1
            var array: [Any] = []
            if try next() == UInt8(ascii: "]") { index += 1; return array }
            while true {
                array.append(try value(depth: depth + 1))
                switch try next() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"): index += 1; return array
                default: throw NotJSON()
                }
            }
        }

        /// An array as the texts of its objects' member `field` (anything else as `value` reads it).
        mutating func plucked(_ field: [UInt8], depth: Int) throws(NotJSON) -> Any {
            guard try next() == UInt8(ascii: "["), depth < JSONText.maxDepth else { return try value(depth: depth) }
            index += 1
            var texts: [String] = []
            if try next() == UInt8(ascii: "]") { index += 1; return texts }
            while true {
                if try next() == UInt8(ascii: "{") {
                    if let text = try member(field, depth: depth + 1) { texts.append(text) }
                } else {
                    try skip(depth: depth + 1)
                }
                switch try next() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"): index += 1; return texts
                default: throw NotJSON()
                }
            }
        }

        /// Of the object at the reading position, the member `field` as text (a string, or a
        /// number as written; of a repeated one, the last); the others checked and passed over.
        mutating func member(_ field: [UInt8], depth: Int) throws(NotJSON) -> String? {
            guard depth < JSONText.maxDepth else { throw NotJSON() }
            index += 1
            var text: String?
            if try next() == UInt8(ascii: "}") { index += 1; return nil }
            while true {
                guard try next() == UInt8(ascii: "\"") else { throw NotJSON() }
                let wanted = try keyIs(field)
                guard try next() == UInt8(ascii: ":") else { throw NotJSON() }
                index += 1
                if !wanted {
                    try skip(depth: depth + 1)
                } else if try next() == UInt8(ascii: "\"") {
                    text = try string()
                } else {
                    let start = index
                    try skip(depth: depth + 1)
                    let first = bytes[start]
                    let isNumber = first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
                    text = isNumber ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) : nil
                }
                switch try next() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1; return text
                default: throw NotJSON()
                }
            }
        }

        /// Whether the key at the reading position is `field`, read past it; compared as bytes
        /// when it has no escapes.
        mutating func keyIs(_ field: [UInt8]) throws(NotJSON) -> Bool {
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return try Array(string().utf8) == field }
            defer { index = end + 1 }
            return field.elementsEqual(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]))
        }

        /// Reads past a value, checking it as `value` does, building nothing.
        mutating func skip(depth: Int) throws(NotJSON) {
            guard depth < JSONText.maxDepth else { throw NotJSON() }
            switch try next() {
            case UInt8(ascii: "{"):
                index += 1
                if try next() == UInt8(ascii: "}") { index += 1; return }
                while true {
                    guard try next() == UInt8(ascii: "\"") else { throw NotJSON() }
                    try skipString()
                    guard try next() == UInt8(ascii: ":") else { throw NotJSON() }
                    index += 1
                    try skip(depth: depth + 1)
                    switch try next() {
                    case UInt8(ascii: ","): index += 1
                    case UInt8(ascii: "}"): index += 1; return
                    default: throw NotJSON()
                    }
                }
            case UInt8(ascii: "["):
                index += 1
                if try next() == UInt8(ascii: "]") { index += 1; return }
                while true {
                    try skip(depth: depth + 1)
                    switch try next() {
                    case UInt8(ascii: ","): index += 1
                    case UInt8(ascii: "]"): index += 1; return
                    default: throw NotJSON()
                    }
                }
            case UInt8(ascii: "\""): try skipString()
            default: _ = try value(depth: depth)   // a number or a word
            }
        }

        /// Reads past a string, checking it as `string` does.
        mutating func skipString() throws(NotJSON) {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return }
                if byte < 0x20 { throw NotJSON() }
                guard byte == UInt8(ascii: "\\") else { continue }
                guard index < bytes.count else { throw NotJSON() }
                let letter = bytes[index]
                index += 1
                switch letter {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"): break
                case UInt8(ascii: "u"): _ = try hex4()
                default: throw NotJSON()
                }
            }
            throw NotJSON()
        }

        /// A string, its opening quote at the reading position. Runs without escapes are
        /// copied as they are.
        mutating func string() throws(NotJSON) -> String {
            index += 1
            var start = index
            var text: [UInt8] = []
            var escaped = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    guard escaped else { return String(decoding: run, as: UTF8.self) }
                    text.append(contentsOf: run)
                    return String(decoding: text, as: UTF8.self)
                }
                if byte < 0x20 { throw NotJSON() }
                if byte != UInt8(ascii: "\\") { index += 1; continue }
                escaped = true
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                index += 1
                guard index < bytes.count else { throw NotJSON() }
                let letter = bytes[index]
                index += 1
                switch letter {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(letter)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): text.append(contentsOf: String(try escapedScalar()).utf8)
                default: throw NotJSON()
                }
                start = index
            }
            throw NotJSON()
        }

        /// The character of a `\uXXXX` escape (the reading position after the `u`), a
        /// surrogate pair's second half included; a lone surrogate is U+FFFD.
        mutating func escapedScalar() throws(NotJSON) -> Unicode.Scalar {
            let unit = try hex4()
            switch unit {
            case 0xD800..<0xDC00:
                let rest = index
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
                    }
                    index = rest   // not a pair: the next escape is read on its own
                }
                return "\u{FFFD}"
            case 0xDC00..<0xE000: return "\u{FFFD}"
            default: return Unicode.Scalar(unit) ?? "\u{FFFD}"
            }
        }

        mutating func hex4() throws(NotJSON) -> UInt32 {
            guard index + 4 <= bytes.count else { throw NotJSON() }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw NotJSON()
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        /// A number as JSON writes them: an integer that fits 64 bits as one, anything else
        /// (a fraction, an exponent, a huge integer) as a Double.
        mutating func number() throws(NotJSON) -> NSNumber {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - first
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let whole = index
            guard digits() > 0, bytes[whole] != UInt8(ascii: "0") || index == whole + 1 else { throw NotJSON() }
            var integral = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw NotJSON() }
                integral = false
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw NotJSON() }
                integral = false
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if integral, let integer = Int64(text) { return NSNumber(value: integer) }
            guard let double = Double(text) else { throw NotJSON() }
            return NSNumber(value: double)
        }

        mutating func word(_ word: StaticString) throws(NotJSON) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                  memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { throw NotJSON() }
            index += count
        }
    }
}
