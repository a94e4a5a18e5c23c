import Library

/// Google Reader item ids. One 64-bit number has two spellings: the short form, signed decimal
/// (`"1795994252218340"`, `"-2"`), used in `itemRefs`; and the long form,
/// `tag:google.com,2005:reader/item/` + the unsigned value as 16 lowercase hex digits, used in
/// items. Servers also take the bare 16 hex digits. The Old Reader's ids are 24-hex ObjectIds,
/// never numbers.
///
/// Lectern stores the short form (the ObjectId as it is), and writes the long form: servers
/// guess "decimal or hex?" differently (Miniflux reads any 16-character id as hex, so a
/// 16-digit decimal FreshRSS id would be misread).
enum GoogleReaderItemID {
    static let longPrefix = "tag:google.com,2005:reader/item/"

    /// The stored spelling of an `itemRefs` id (decimal; an ObjectId as it is); nil when it is neither.
    static func fromRef(_ id: String) -> String? {
        // Nearly every id is written as `String(Int64)` writes it, and is kept as it came (a
        // sync reads tens of thousands).
        if RemoteIDs.number(id) != nil { return id }
        let text = JSONReading.trimmed(id, of: .whitespaces)
        if let value = Int64(text) { return String(value) }
        return fromHex(text)
    }

    /// The stored spelling of an item's `id` (the long form; a short one is taken too).
    static func fromItem(_ id: String) -> String? {
        let text = JSONReading.trimmed(id, of: .whitespaces)
        if text.hasPrefix(longPrefix) { return fromHex(String(text.dropFirst(longPrefix.count))) }
        return fromRef(text)
    }

    /// The long form of a stored id.
    static func longForm(_ stored: String) -> String {
        guard let value = Int64(stored) else { return longPrefix + stored }
        let hex = String(UInt64(bitPattern: value), radix: 16)
        return longPrefix + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    /// Up to 16 hex digits are a number; more (an ObjectId) stay text, lowercased.
    private static func fromHex(_ hex: String) -> String? {
        guard !hex.isEmpty, hex.utf8.allSatisfy(isHexDigit) else { return nil }
        if hex.utf8.count <= 16, let bits = UInt64(hex, radix: 16) { return String(Int64(bitPattern: bits)) }
        return hex.lowercased()
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
