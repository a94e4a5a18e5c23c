import Foundation
import Testing
@testable import FeedParsing

/// Hand-made files in several encodings: BOM, HTTP charset, XML declaration, UTF-8,
/// and undeclared or broken bytes.
@Suite struct EncodingTests {
    @Test func undeclaredWindows1252ComesOutRight() throws {
        let feed = try parseFixture("encoding/windows-1252-undeclared.xml")
        #expect(feed.title == "Café “quotes” €")
        #expect(!feed.warnings.isEmpty)
    }

    @Test func declaredISO88591() throws {
        #expect(try parseFixture("encoding/iso-8859-1-declared.xml").title == "Grüße aus München")
    }

    @Test func declaredKOI8R() throws {
        #expect(try parseFixture("encoding/koi8-r-declared.xml").title == "Привет")
    }

    @Test func utf16WithByteOrderMark() throws {
        #expect(try parseFixture("encoding/utf-16le-bom.xml").title == "Zürich 東京")
    }

    @Test func utf8ByteOrderMarkIsSkipped() throws {
        #expect(try parseFixture("encoding/utf-8-bom.xml").title == "São Paulo")
    }

    @Test func invalidUTF8BytesDoNotAbort() throws {
        let feed = try parseFixture("encoding/mixed-invalid-utf8.xml")
        #expect(feed.title == "Café naïve ÿ")
        #expect(feed.warnings.contains { $0.contains("not valid UTF-8") })
    }

    @Test func httpCharsetOverridesTheDeclaration() throws {
        // Latin-1 bytes with no declaration: the header says so.
        let feed = try parseFixture("encoding/latin1-bytes-utf8-header.xml", contentType: "application/rss+xml; charset=ISO-8859-1")
        #expect(feed.title == "Café")
        #expect(feed.warnings.isEmpty)
    }

    @Test func httpCharsetClaimingLatin1ForUTF8BytesIsOverruled() throws {
        let bytes = Data("<rss><channel><title>Café</title></channel></rss>".utf8)
        let feed = try FeedParser.parse(bytes, contentType: "text/xml; charset=iso-8859-1")
        #expect(feed.title == "Café")
    }

    @Test func charsetParameterIsParsed() {
        #expect(CharsetSniffer.charset(inContentType: "application/xml; charset=\"Windows-1252\"") == "windows-1252")
        #expect(CharsetSniffer.charset(inContentType: "application/xml") == nil)
    }
}
