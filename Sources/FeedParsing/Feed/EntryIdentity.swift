import Foundation

/// The stable fallback id for entries that have none: a 64-bit FNV-1a digest of
/// link, title and date, so the same entry gets the same id on every refresh and
/// every machine (Swift's `Hasher` is seeded per process, so it is not used).
enum EntryIdentity {
    static func fallbackID(for entry: ParsedEntry) -> String? {
        let date = entry.published ?? entry.updated
        guard entry.link != nil || entry.title != nil || date != nil else { return nil }
        var key = entry.link ?? ""
        key += "\u{1F}" + (entry.title ?? "")
        key += "\u{1F}" + (date.map { String(Int64($0.timeIntervalSince1970)) } ?? "")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "urn:lectern:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
