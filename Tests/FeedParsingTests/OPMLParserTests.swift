import Foundation
import Testing
import FeedParsing

/// Reading subscription lists: what a list holds, and the lists that are refused whole.
@Suite struct OPMLParserTests {
    private func opml(_ body: String) -> Data {
        Data("<?xml version=\"1.0\"?><opml version=\"2.0\"><head/><body>\(body)</body></opml>".utf8)
    }

    @Test func readsOPML1InLatin1() throws {
        let entries = try OPMLParser.parse(fixture("opml/version1.opml"))
        #expect(entries == [OPMLEntry(url: "http://cafe.example/rss", title: "Café News")])
    }

    @Test func nestedOutlinesBecomeFolderPaths() throws {
        let entries = try OPMLParser.parse(opml("""
            <outline text="Tech"><outline text="Swift"><outline text="S" xmlUrl="https://s.example/"/></outline>\
            <outline title="K &amp; Co" text="ignored" xmlURL="https://k.example/?a=1&amp;b=2" htmlUrl="https://k.example/"/></outline>\
            <outline type="rss" text="Legacy" url="https://legacy.example/rss"/><outline text="Link" url="https://not-a-feed.example/"/>
            """))
        #expect(entries == [
            OPMLEntry(url: "https://s.example/", title: "S", folder: "Tech / Swift"),
            OPMLEntry(url: "https://k.example/?a=1&b=2", title: "K & Co", siteURL: "https://k.example/", folder: "Tech"),
            OPMLEntry(url: "https://legacy.example/rss", title: "Legacy"),
        ])
    }

    @Test func otherDocumentsAreNamed() throws {
        #expect(throws: OPMLError.notOPML(rootElement: "rss")) { try OPMLParser.parse(fixture("opml/rss-instead.opml")) }
        #expect(throws: OPMLError.missingBody) { try OPMLParser.parse(Data("<opml version=\"2.0\"><head/></opml>".utf8)) }
        #expect(throws: OPMLError.malformed(line: 1, reason: "the file is empty")) { try OPMLParser.parse(Data()) }
        #expect(throws: OPMLError.malformed(line: 1, reason: "the file is empty")) { try OPMLParser.parse(Data(" \n".utf8)) }
        let error = #expect(throws: OPMLError.self) { try OPMLParser.parse(fileAt: "/nonexistent.opml") }
        guard case .unreadable(let path, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(path == "/nonexistent.opml")
    }

    /// The file declares an external entity pointing at /etc/hostname: the whole list is
    /// refused before anything could be read, so no title can carry the file's text.
    @Test func externalEntitiesAreRefused() throws {
        let error = #expect(throws: OPMLError.self) { try OPMLParser.parse(fixture("opml/external-entity.opml")) }
        guard case .malformed(_, let reason)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("declares XML entities"), "\(reason)")
    }

    @Test func entityExpansionBombsAreRefused() throws {
        let error = #expect(throws: OPMLError.self) { try OPMLParser.parse(fixture("opml/entities.opml")) }
        guard case .malformed(_, let reason)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("declares XML entities"), "\(reason)")
    }

    @Test func aHundredThousandOutlinesAreRefusedWhole() throws {
        let outlines = (0..<100_000).map { "<outline text=\"\($0)\" xmlUrl=\"https://bomb.example/\($0)\"/>" }
        #expect(throws: OPMLError.tooManyFeeds(limit: OPMLParser.maximumFeeds)) { try OPMLParser.parse(opml(outlines.joined())) }
    }

    @Test func aListAtTheLimitIsRead() throws {
        let outlines = (0..<OPMLParser.maximumFeeds).map { "<outline xmlUrl=\"https://many.example/\($0)\"/>" }
        #expect(try OPMLParser.parse(opml(outlines.joined())).count == OPMLParser.maximumFeeds)
    }

    @Test func outlinesNestedAHundredThousandDeepAreMalformed() throws {
        let deep = String(repeating: "<outline text=\"f\">", count: 100_000) + "<outline xmlUrl=\"https://deep.example/\"/>"
            + String(repeating: "</outline>", count: 100_000)
        let error = #expect(throws: OPMLError.self) { try OPMLParser.parse(opml(deep)) }
        guard case .malformed(_, let reason)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("nested more than \(OPMLParser.maximumDepth) levels"), "\(reason)")
    }
}
