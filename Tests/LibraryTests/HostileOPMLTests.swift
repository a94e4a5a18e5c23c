import FeedParsing
import Foundation
import Testing
@testable import Library

/// OPML bombs: too many outlines, outlines nested too deep, a file too big. Each is
/// refused whole with a message that says why, and the library is left as it was.
@Suite struct HostileOPMLTests {
    private func opml(_ body: String) -> Data {
        Data("<?xml version=\"1.0\"?><opml version=\"2.0\"><head/><body>\(body)</body></opml>".utf8)
    }

    /// A library with one subscription, to show nothing is lost or added.
    private func library() throws -> (LibraryStore, TempFolder) {
        let (store, folder) = try makeStore()
        try store.addFeed(url: "https://kept.example/feed")
        return (store, folder)
    }

    @Test func aHundredThousandOutlinesAreRefusedWhole() throws {
        let (store, folder) = try library()
        _ = folder
        let outlines = (0..<100_000).map { "<outline text=\"\($0)\" xmlUrl=\"https://bomb.example/\($0)\"/>" }
        let error = #expect(throws: OPMLImportError.self) { try OPML.importDocument(opml(outlines.joined()), into: store) }
        #expect(error == .unreadable(.tooManyFeeds(limit: OPMLParser.maximumFeeds)))
        #expect(error?.description.contains("Nothing was imported") == true)
        #expect(try store.feeds().map(\.url) == ["https://kept.example/feed"])
    }

    @Test func aListAtTheLimitIsImported() throws {
        let (store, folder) = try library()
        _ = folder
        let outlines = (1..<OPMLParser.maximumFeeds).map { "<outline xmlUrl=\"https://many.example/\($0)\"/>" }
        #expect(try OPML.importDocument(opml(outlines.joined()), into: store).added == OPMLParser.maximumFeeds - 1)
    }

    @Test func outlinesNestedAHundredThousandDeepAreMalformed() throws {
        let (store, folder) = try library()
        _ = folder
        let deep = String(repeating: "<outline text=\"f\">", count: 100_000) + "<outline xmlUrl=\"https://deep.example/\"/>"
            + String(repeating: "</outline>", count: 100_000)
        let error = #expect(throws: OPMLImportError.self) { try OPML.importDocument(opml(deep), into: store) }
        guard case .unreadable(.malformed(_, let reason))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason.contains("nested more than"), "\(reason)")
        #expect(try store.feeds().count == 1)
    }

    @Test func aFileLargerThanAnyListIsNotRead() throws {
        let (store, folder) = try library()
        let path = folder.path("huge.opml")
        try #require(FileManager.default.createFile(atPath: path, contents: nil), "the test could not make its file")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(OPMLParser.maximumFileMegabytes + 1) << 20) // sparse: no disk used
        try handle.close()
        let error = #expect(throws: OPMLImportError.self) { try OPML.importFile(at: path, into: store) }
        guard case .unreadable(.tooLarge(let reported, let megabytes, _))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reported == path && megabytes == OPMLParser.maximumFileMegabytes + 1)
        #expect(try store.feeds().count == 1)
    }
}
