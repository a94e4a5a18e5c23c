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
        // Tens of thousands come in one sync: the usual plain decimal costs no trimming.
        if let value = Int64(id) { return String(value) }
        let text = id.trimmingCharacters(in: .whitespaces)
        if let value = Int64(text) { return String(value) }
        return fromHex(text)
    }

    /// The stored spelling of an item's `id` (the long form; a short one is taken too).
    static func fromItem(_ id: String) -> String? {
        let text = id.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix(longPrefix) { return fromHex(String(text.dropFirst(longPrefix.count))) }
        return fromRef(text)
    }

    /// The long form of a stored id.
    static func longForm(_ stored: String) -> String {
        guard let value = Int64(stored) else { return longPrefix + stored }
        let hex = String(UInt64(bitPattern: value), radix: 16)
        return longPrefix + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    private static func fromHex(_ hex: String) -> String? {
        let lowered = hex.lowercased()
        guard !lowered.isEmpty, isHex(lowered) else { return nil }
        if lowered.count <= 16, let bits = UInt64(lowered, radix: 16) { return String(Int64(bitPattern: bits)) }
        return lowered
    }

    private static func isHex(_ text: String) -> Bool {
        text.allSatisfy { $0.isHexDigit }
    }
}
