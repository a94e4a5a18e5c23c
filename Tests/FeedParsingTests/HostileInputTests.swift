import ArticleModel
import Foundation
import Testing
@testable import FeedParsing

/// Input built to hurt: absurd nesting, absurd sizes, bytes that are not text. Each case
/// must end with a feed (keeping what was readable, with a warning) or a clear error —
/// never a crash, a hang or a blow-up in memory. XXE and entity bombs are in SafetyTests.
@Suite struct HostileInputTests {
    private static let depth = 100_000

    private func rss(_ items: String, title: String = "Hostile") -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\"><channel><title>\(title)</title>"
            + "<item><guid>before</guid><title>Before</title></item>\(items)</channel></rss>"
    }

    @Test func elementsNestedAHundredThousandDeepKeepWhatCameBefore() throws {
        let deep = String(repeating: "<x>", count: Self.depth) + "deep" + String(repeating: "</x>", count: Self.depth)
        let feed = try FeedParser.parse(Data(rss("<item><guid>deep</guid><title>\(deep)</title></item>").utf8))
        #expect(feed.title == "Hostile")
        // libxml2's push parser takes the depth in its stride (no recursion); the markup
        // inside a title is flattened to its text.
        #expect(feed.entries.map(\.title) == ["Before", "deep"])
    }

    /// Each repeat used to be checked against every one kept before it: 100 000 categories took 17 s.
    @Test func anEntryKeepsAtMostAHundredCategoriesEnclosuresAndAuthors() throws {
        let count = 20_000
        var item = "<item><guid>many</guid><title>Many</title>"
        for index in 0..<count {
            item += "<category>topic \(index)</category><enclosure url=\"https://e.example/\(index).mp3\" type=\"audio/mpeg\"/>"
                + "<dc:creator>Writer \(index)</dc:creator>"
        }
        let xml = rss(item + "</item>").replacingOccurrences(of: "<rss version=\"2.0\">",
                                                              with: "<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">")
        let entry = try #require(try FeedParser.parse(Data(xml.utf8)).entries.last)
        #expect(entry.categories.count == ParsedEntry.listLimit && entry.categories.first == "topic 0")
        #expect(entry.enclosures.count == ParsedEntry.listLimit && entry.enclosures.last?.url == "https://e.example/99.mp3")
        #expect(entry.authors.count == ParsedEntry.listLimit && entry.authors.first?.name == "Writer 0")

        let tags = (0..<count).map { "\"tag \($0)\"" }.joined(separator: ",")
        let attachments = (0..<count).map { "{\"url\": \"https://e.example/\($0).mp3\"}" }.joined(separator: ",")
        let json = "{\"version\": \"https://jsonfeed.org/version/1.1\", \"title\": \"J\", \"items\": [{\"id\": \"1\", "
            + "\"tags\": [\(tags)], \"attachments\": [\(attachments)]}]}"
        let jsonEntry = try #require(try FeedParser.parse(Data(json.utf8)).entries.first)
        #expect(jsonEntry.categories.count == ParsedEntry.listLimit && jsonEntry.enclosures.count == ParsedEntry.listLimit)
    }

    /// A title is one line in the app: megabytes of it are cut to `PlainText.lineLimit` and an
    /// ellipsis, in every format, and in a subscription list.
    @Test func aTitleOfMegabytesIsCutToALine() throws {
        let long = String(repeating: "Long title ", count: 200_000)
        let xml = rss("<item><guid>long</guid><title>\(long)</title><author>\(long)</author><category>\(long)</category></item>",
                      title: long)
        let feed = try FeedParser.parse(Data(xml.utf8))
        let entry = try #require(feed.entries.last)
        for text in [feed.title, entry.title, entry.authors.first?.name, entry.categories.first] {
            #expect(text?.count == PlainText.lineLimit + 1 && text?.hasPrefix("Long title Long title") == true && text?.hasSuffix("…") == true)
        }
        #expect(feed.entries.first?.title == "Before", "a short title is left as it is")

        let json = "{\"version\": \"https://jsonfeed.org/version/1.1\", \"title\": \"\(long)\", \"items\": [{\"id\": \"1\", \"title\": \"\(long)\"}]}"
        let jsonFeed = try FeedParser.parse(Data(json.utf8))
        #expect(jsonFeed.title?.count == PlainText.lineLimit + 1 && jsonFeed.entries.first?.title?.count == PlainText.lineLimit + 1)

        let opml = "<opml version=\"2.0\"><body><outline text=\"\(long)\" xmlUrl=\"https://e.example/feed\"/></body></opml>"
        let subscriptions = try OPMLParser.parse(Data(opml.utf8))
        #expect(subscriptions.first?.title?.count == PlainText.lineLimit + 1)
    }

    @Test func jsonNestedAHundredThousandDeepIsAClearError() {
        let deep = String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth)
        let json = "{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": [{\"id\": \"1\", \"x\": \(deep)}]}"
        let result = Result { () throws(FeedParserError) in try FeedParser.parse(Data(json.utf8)) }
        // Foundation's JSON reader refuses nesting past 512 levels, and says so.
        guard case .failure(let error) = result else { Issue.record("100k-deep JSON was accepted"); return }
        #expect(error.description.contains("JSON") && error.description.contains("nested"), "\(error)")
    }

    @Test func articleHTMLNestedAHundredThousandDeepIsSanitized() {
        for wrapper in ["div", "blockquote", "ul><li", "table><tr><td", "em", "a href=\"https://x.example/\""] {
            let close = wrapper.split(separator: "<").reversed().map { "</" + $0.split(separator: " ")[0].split(separator: ">")[0] + ">" }.joined()
            let html = "<p>Before</p>" + String(repeating: "<\(wrapper)>", count: Self.depth) + "deep"
                + String(repeating: close, count: Self.depth) + "<p>After</p>"
            let document = ArticleDocument.parse(html: html, baseURL: nil)
            #expect(document.plainText.contains("Before"), "\(wrapper)")
            #expect(document.plainText.contains("deep"), "\(wrapper)")
        }
    }

    @Test func aHundredMegabyteFeedParsesFromAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("huge.xml")
        try Data().write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        let filler = String(repeating: "All work and no play makes a very large feed. ", count: 20)
        try handle.write(contentsOf: Data("<rss version=\"2.0\"><channel><title>Huge</title>".utf8))
        let items = 100 * 1024 * 1024 / 1_000
        var chunk = ""
        for index in 0..<items {
            chunk += "<item><guid>\(index)</guid><title>Item \(index)</title><description>\(filler)</description></item>"
            if chunk.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data((chunk + "</channel></rss>").utf8))
        try handle.close()
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0 >= 100 * 1024 * 1024)
        let feed = try FeedParser.parse(contentsOf: file)
        #expect(feed.entries.count == items)
        #expect(feed.entries.last?.title == "Item \(items - 1)")
    }

    @Test func aTenMegabyteSingleLineParses() throws {
        let items = (0..<20_000).map { "<item><guid>\($0)</guid><title>Item \($0)</title><description>\(String(repeating: "x", count: 450))</description></item>" }
        let line = rss(items.joined(), title: String(repeating: "T", count: 1_000_000))
        #expect(!line.contains("\n") && line.utf8.count > 10_000_000)
        let feed = try FeedParser.parse(Data(line.utf8))
        #expect(feed.entries.count == 20_001)
        #expect(feed.title?.hasPrefix("TTTT") == true && feed.title?.count == PlainText.lineLimit + 1, "the megabyte title, cut to a line")
    }

    @Test func invalidUTF8EverywhereStillGivesTheFeed() throws {
        let bad: [UInt8] = [0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82, 0xF0, 0x9F, 0x92]
        func text(_ string: String) -> [UInt8] { Array(string.utf8) }
        var bytes = text("<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\"><channel><title>A")
        bytes += bad + text("B</title><item><guid>1</guid><title>C") + bad + text("D</title><link>https://x.example/")
        bytes += bad + text("</link><description><![CDATA[") + bad + text("]]></description></item>")
        bytes += text("<item><guid>2</guid><title>Second</title><category term=\"") + bad + text("\"/></item></channel></rss>")
        let feed = try FeedParser.parse(Data(bytes))
        #expect(feed.entries.count == 2)
        #expect(feed.title?.hasPrefix("A") == true && feed.title?.hasSuffix("B") == true, "\(feed.title ?? "nil")")
        #expect(feed.entries.first?.title?.hasPrefix("C") == true)

        var json = text("{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"A")
        json += bad + text("\",\"items\":[{\"id\":\"1\",\"title\":\"") + bad + text("\"}]}")
        // Invalid bytes are read as Windows-1252 before the JSON is, so it is a feed too.
        let jsonFeed = try FeedParser.parse(Data(json))
        #expect(jsonFeed.entries.count == 1)
        #expect(jsonFeed.title?.hasPrefix("A") == true && jsonFeed.title?.contains("ÿþ") == true, "\(jsonFeed.title ?? "nil")")
    }

    @Test func nulBytesAreDroppedNotFatal() throws {
        var bytes = Array(rss("<item><guid>2</guid><title>Af\u{0}ter</title><description>x\u{0}y</description></item>").utf8)
        bytes.insert(0, at: bytes.count / 2)
        let feed = try FeedParser.parse(Data(bytes))
        #expect(feed.title == "Hostile")
        #expect(feed.entries.first?.title == "Before")
        #expect(!feed.entries.contains { ($0.title ?? "").contains("\u{0}") || ($0.summary ?? "").contains("\u{0}") })

        let json = "{\"version\":\"https://jsonfeed.org/version/1.1\",\"items\":[{\"id\":\"1\",\"title\":\"a\\u0000b\"}]}"
        let jsonFeed = try FeedParser.parse(Data(json.utf8))
        #expect(jsonFeed.entries.first?.title?.contains("\u{0}") == false)

        let document = ArticleDocument.parse(html: "<p>one\u{0}two</p>\u{0}<p>three</p>", baseURL: nil)
        #expect(document.plainText.contains("three"))
    }
}
