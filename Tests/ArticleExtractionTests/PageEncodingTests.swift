import ArticleExtraction
import Foundation
import Glibc
import Testing

/// A page's encoding found as browsers find it — a byte-order mark, the HTTP charset, a `<meta>`,
/// then the bytes — and mojibake never reaching the reader: the same French paragraph in every
/// encoding a page comes in, with and without the label it should have had.
@Suite("Page encodings")
struct PageEncodingTests {
    static let sentence = "Un café très chaud, s’il vous plaît — 2 € le matin. "
    static func page(meta: String = "") -> String {
        "<html><head>\(meta)<title>Café</title></head><body><article><p>"
            + String(repeating: sentence, count: 12) + "</p></article></body></html>"
    }

    static func encoded(_ text: String, _ encoding: String.Encoding) -> Data {
        text.data(using: encoding)!
    }

    @Test(arguments: [
        ("UTF-8 with a byte-order mark", Data([0xEF, 0xBB, 0xBF]) + Data(page().utf8), nil),
        ("UTF-16 (little-endian) with its byte-order mark", encoded(page(), .utf16LittleEndian).withBOM([0xFF, 0xFE]), nil),
        ("UTF-16 (big-endian) with its byte-order mark", encoded(page(), .utf16BigEndian).withBOM([0xFE, 0xFF]), nil),
        ("Windows-1252 with no label at all", encoded(page(), .windowsCP1252), nil),
        ("Windows-1252 labelled ISO-8859-1 in <meta>", encoded(page(meta: "<meta charset=\"iso-8859-1\">"), .windowsCP1252), nil),
        ("Windows-1252 named by <meta http-equiv>", encoded(page(meta: "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\">"), .windowsCP1252), nil),
        ("UTF-8 that says ISO-8859-1 in <meta> (L3S's pages)", Data(page(meta: "<meta charset=\"ISO-8859-1\">").utf8), nil),
        ("UTF-8 that says GB2312 in <meta> (a saved page)", Data(page(meta: "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\" />").utf8), nil),
        ("UTF-8 served as ISO-8859-1 by its server", Data(page().utf8), "iso-8859-1"),
        ("UTF-8 with a <meta> inside a comment that says otherwise", Data(page(meta: "<!-- <meta charset=\"koi8-r\"> -->").utf8), nil),
    ] as [(String, Data, String?)])
    func everyEncodingReadsAsWritten(_ name: String, _ bytes: Data, _ httpCharset: String?) throws {
        let article = try ArticleExtractor.extract(from: bytes, url: nil, charset: httpCharset)
        #expect(article.text.hasPrefix(Self.sentence.trimmingCharacters(in: .whitespaces)), "\(name): \(article.text.prefix(80))")
        #expect(article.title == "Café", "\(name)")
        for mojibake in ["Ã©", "â€", "\u{FFFD}", "Ã¨"] { #expect(!article.text.contains(mojibake), "\(name): \(mojibake)") }
    }

    /// HTML reads `&#146;` as Windows-1252's ’, not as an invisible control; the undefined
    /// numbers are dropped.
    @Test func numericReferencesToWindows1252AreItsCharacters() throws {
        let html = Self.page().replacingOccurrences(of: "’", with: "&#146;").replacingOccurrences(of: "—", with: "&#151;")
            .replacingOccurrences(of: "€", with: "&#128;&#129;")
        let article = try ArticleExtractor.extract(from: Data(html.utf8), url: nil)
        #expect(article.text.hasPrefix(Self.sentence.trimmingCharacters(in: .whitespaces)), "\(article.text.prefix(80))")
        #expect(!article.text.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) })
    }

    /// A UTF-8 page with a few stray Windows-1252 bytes (a quote pasted from a word processor):
    /// both read right, where reading the whole page as either would garble the other.
    @Test func aMostlyUTF8PageWithStrayBytesReadsBoth() throws {
        var bytes = Array(Self.page().utf8)
        let quote = Array("s’il".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: quote) })
        bytes.replaceSubrange(at..<(at + quote.count), with: [0x73, 0x92, 0x69, 0x6C])   // s’il with a Windows-1252 ’
        let article = try ArticleExtractor.extract(from: Data(bytes), url: nil)
        #expect(article.text.hasPrefix(Self.sentence.trimmingCharacters(in: .whitespaces)), "\(article.text.prefix(80))")
        #expect(!article.text.contains("Ã"))
    }

    /// Labels as pages write them, read as the WHATWG standard reads them: "euc_kr" is EUC-KR
    /// (decoded as its superset CP949), "gb2312" GB18030, "x-sjis" Shift_JIS.
    @Test(arguments: [("euc_kr", "EUC-KR", "국무총리실 소식"), ("gb2312", "GB2312", "国务院新闻"), ("x-sjis", "SHIFT_JIS", "首相官邸の報道")])
    func aLabelIsReadAsBrowsersReadIt(_ label: String, _ encoding: String, _ text: String) throws {
        let html = "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=\(label)\"><title>\(text)</title></head><body><article><p>"
            + String(repeating: text + "。 ", count: 60) + "</p></article></body></html>"
        let article = try ArticleExtractor.extract(from: try #require(Self.encoded(html, as: encoding)), url: nil)
        #expect(article.title == text, "\(label)")
        #expect(article.text.hasPrefix(text), "\(label): \(article.text.prefix(40))")
    }

    /// `text` in `encoding`, by glibc's iconv.
    static func encoded(_ text: String, as encoding: String) -> Data? {
        guard let handle = iconv_open(encoding, "UTF-8"), Int(bitPattern: handle) != -1 else { return nil }
        defer { iconv_close(handle) }
        var input = Array(text.utf8).map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: input.count * 4)
        var inLeft = input.count, outLeft = output.count
        let status = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = inBuffer.baseAddress, outPointer = outBuffer.baseAddress
                return iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft)
            }
        }
        guard status != -1 else { return nil }
        return Data(output.prefix(output.count - outLeft).map { UInt8(bitPattern: $0) })
    }

    /// An encoding only iconv knows: ISO-8859-15 has the euro sign where Latin-1 has ¤ (0xA4).
    @Test func aServersCharsetThatIsNeitherLatin1NorUTF8IsConverted() throws {
        let latin1 = Self.page().replacingOccurrences(of: "’", with: "'").replacingOccurrences(of: "—", with: "-")
            .replacingOccurrences(of: "€", with: "¤")
        let article = try ArticleExtractor.extract(from: latin1.data(using: .isoLatin1)!, url: nil, charset: "iso-8859-15")
        #expect(article.text.hasPrefix("Un café très chaud, s'il vous plaît - 2 € le matin."), "\(article.text.prefix(80))")
    }
}

private extension Data {
    func withBOM(_ mark: [UInt8]) -> Data { Data(mark) + self }
}
