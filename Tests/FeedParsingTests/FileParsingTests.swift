import Foundation
import Testing
@testable import FeedParsing

/// `FeedParser.parse(contentsOf:)` (mapped file, pages handed back as it goes) must give
/// exactly what `parse(_:)` gives for the same bytes.
@Suite struct FileParsingTests {
    static let fixtures = [
        "rss/bare-ampersands.xml", "rss/media-and-guid.xml", "atom/nested-xml-base.xml",
        "encoding/windows-1252-undeclared.xml", "encoding/utf-16le-bom.xml", "encoding/mixed-invalid-utf8.xml",
        "json/feed11.json", "malformed/truncated.xml",
    ]

    @Test(arguments: fixtures)
    func fileAndDataGiveTheSameFeed(path: String) throws {
        let fileURL = TestPaths.fixtures.appendingPathComponent(path)
        let url = URL(string: "http://example.com/feed")
        let fromData = try FeedParser.parse(Data(contentsOf: fileURL), url: url)
        let fromFile = try FeedParser.parse(contentsOf: fileURL, url: url)
        #expect(fromFile == fromData)
    }

    @Test func missingFileIsUnreadable() {
        #expect(throws: FeedParserError.unreadable(path: "/nonexistent/feed.xml", reason: "No such file or directory")) {
            try FeedParser.parse(contentsOf: URL(fileURLWithPath: "/nonexistent/feed.xml"))
        }
    }

    @Test func emptyFileIsEmpty() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-empty-\(UUID().uuidString).xml")
        try Data().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: FeedParserError.empty) { try FeedParser.parse(contentsOf: url) }
    }

    /// A large file with bare ampersands goes through the chunked repair and the
    /// windowed checks; every entry must survive.
    @Test func largeRepairedFileKeepsEveryEntry() throws {
        var text = "<rss version=\"2.0\"><channel><title>A&B</title>\n"
        for index in 0..<20_000 {
            text += "<item><title>Fish & Chips \(index) – naïve</title><link>http://e.com/?a=\(index)&b=2</link>"
            text += "<description><![CDATA[<p>x & y</p>]]></description></item>\n"
        }
        text += "</channel></rss>"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-big-\(UUID().uuidString).xml")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let feed = try FeedParser.parse(contentsOf: url)
        #expect(feed.entries.count == 20_000)
        #expect(feed.entries.last?.title == "Fish & Chips 19999 – naïve")
        #expect(feed.entries.last?.link == "http://e.com/?a=19999&b=2")
        #expect(feed == (try FeedParser.parse(Data(text.utf8), url: url)))
    }

    @Test func chunkedRepairMatchesAnyChunkSize() {
        let text = Array("<a>AT&T &#X41; <![CDATA[a & b]]> <!-- c & d --> &amp; &x</a>".utf8)
        text.withUnsafeBufferPointer { bytes in
            let whole = AmpersandRepair.repair(bytes)
            for size in [1, 2, 7, 64] {
                var pieces = [UInt8]()
                AmpersandRepair.repair(bytes, chunkSize: size) { chunk, _ in pieces.append(contentsOf: chunk); return true }
                #expect(pieces == whole)
            }
            #expect(whole.map { String(decoding: $0, as: UTF8.self) }
                    == "<a>AT&amp;T &#x41; <![CDATA[a & b]]> <!-- c & d --> &amp; &amp;x</a>")
        }
    }
}
