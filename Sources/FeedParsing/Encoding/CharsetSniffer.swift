import Foundation

/// Finds the character encoding of a feed's bytes, in the order the issue sets:
/// byte-order mark, HTTP `charset`, the XML declaration, then UTF-8.
public enum CharsetSniffer {
    /// What was found and how many leading bytes (a BOM) to skip.
    struct Finding: Equatable {
        var charset: String
        var source: Source
        var skip: Int
    }

    enum Source: String { case bom = "byte-order mark", http = "HTTP charset", declaration = "XML declaration", utf16Pattern = "UTF-16/32 byte pattern", assumed = "default" }

    static func sniff(_ p: UnsafeBufferPointer<UInt8>, contentType: String?) -> Finding {
        if let bom = byteOrderMark(p) { return bom }
        if let header = contentType.flatMap(charset(inContentType:)) {
            return Finding(charset: header, source: .http, skip: 0)
        }
        if p.count >= 4 {
            if p[0] == 0x3C, p[1] == 0, p[2] == 0, p[3] == 0 { return Finding(charset: "utf-32le", source: .utf16Pattern, skip: 0) }
            if p[0] == 0, p[1] == 0, p[2] == 0, p[3] == 0x3C { return Finding(charset: "utf-32be", source: .utf16Pattern, skip: 0) }
            if p[0] == 0x3C, p[1] == 0, p[2] == 0x3F, p[3] == 0 { return Finding(charset: "utf-16le", source: .utf16Pattern, skip: 0) }
            if p[0] == 0, p[1] == 0x3C, p[2] == 0, p[3] == 0x3F { return Finding(charset: "utf-16be", source: .utf16Pattern, skip: 0) }
        }
        if let declared = declaredEncoding(p) { return Finding(charset: declared, source: .declaration, skip: 0) }
        return Finding(charset: "utf-8", source: .assumed, skip: 0)
    }

    static func byteOrderMark(_ p: UnsafeBufferPointer<UInt8>) -> Finding? {
        if p.count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { return Finding(charset: "utf-8", source: .bom, skip: 3) }
        if p.count >= 4, p[0] == 0xFF, p[1] == 0xFE, p[2] == 0, p[3] == 0 { return Finding(charset: "utf-32le", source: .bom, skip: 4) }
        if p.count >= 4, p[0] == 0, p[1] == 0, p[2] == 0xFE, p[3] == 0xFF { return Finding(charset: "utf-32be", source: .bom, skip: 4) }
        if p.count >= 2, p[0] == 0xFF, p[1] == 0xFE { return Finding(charset: "utf-16le", source: .bom, skip: 2) }
        if p.count >= 2, p[0] == 0xFE, p[1] == 0xFF { return Finding(charset: "utf-16be", source: .bom, skip: 2) }
        return nil
    }

    /// The `charset` parameter of a Content-Type header value, lowercased, unquoted.
    public static func charset(inContentType header: String) -> String? {
        for parameter in header.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'")).lowercased()
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The `encoding="…"` pseudo-attribute of an XML declaration at the very start.
    static func declaredEncoding(_ p: UnsafeBufferPointer<UInt8>) -> String? {
        let limit = min(p.count, 512)
        var start = 0
        while start < limit, FeedDateParser.isSpace(p[start]) { start += 1 }
        guard limit - start > 5, p[start] == 0x3C, p[start + 1] == 0x3F else { return nil } // "<?"
        guard let close = (start..<limit - 1).first(where: { p[$0] == 0x3F && p[$0 + 1] == 0x3E }) else { return nil }
        let declaration = String(decoding: UnsafeBufferPointer(rebasing: p[start..<close]), as: UTF8.self)
        guard declaration.hasPrefix("<?xml"), let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop(while: { $0 == " " || $0 == "=" || $0 == "\t" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix(while: { $0 != quote })
        return value.isEmpty ? nil : value.lowercased()
    }
}
