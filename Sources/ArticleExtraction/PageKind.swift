import Foundation
import Localization

/// What a document is before it is read as HTML, and which way its text runs.
enum PageKind {
    /// A name for bytes that are plainly not a web page (by their first bytes), or nil.
    static func nonHTML(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(16))
        let signatures: [([UInt8], String)] = [
            ([0x25, 0x50, 0x44, 0x46], tr("a PDF file")), ([0x89, 0x50, 0x4E, 0x47], tr("a PNG image")),
            ([0xFF, 0xD8, 0xFF], tr("a JPEG image")), ([0x47, 0x49, 0x46, 0x38], tr("a GIF image")),
            ([0x50, 0x4B, 0x03, 0x04], tr("a ZIP archive")), ([0x1F, 0x8B], tr("gzip-compressed data")),
        ]
        if let match = signatures.first(where: { head.starts(with: $0.0) }) { return match.1 }
        if head.starts(with: [0x52, 0x49, 0x46, 0x46]), data.count > 12, [UInt8](data[8..<12]) == Array("WEBP".utf8) { return tr("a WebP image") }
        let text = head.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if let first = text.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return "JSON" }
        // Translators: what a document is, in "the document is empty, not a web page".
        if data.isEmpty { return tr(context: "document", "empty") }
        return nil
    }

    /// `rtl` when the first letter with a direction is Hebrew, Arabic, Syriac, Thaana or
    /// N'Ko; `ltr` for any other letter; nil without letters.
    static func direction(of text: String) -> String? {
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return "rtl"
            default: return "ltr"
            }
        }
        return nil
    }
}
