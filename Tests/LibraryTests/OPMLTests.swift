import FeedParsing
import Foundation
import Testing
@testable import Library

@Suite struct OPMLTests {
    @Test func importsFoldersTitlesAndCountsDuplicates() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let result = try OPML.importFile(at: fixture("opml/nested.opml").path, into: store)
        #expect(result == OPMLImportResult(added: 4, duplicates: 1, foldersCreated: 2, invalid: ["javascript:alert(1)"]))
        let folders = try store.folders()
        #expect(folders.map(\.title) == ["Tech", "Tech / Swift"])
        let feeds = try store.feeds()
        let kernel = try #require(feeds.first { $0.url == "https://kernel.example/rss" })
        #expect(kernel.title == "Kernel & Co")
        #expect(kernel.folderID == folders[0].id)
        #expect(feeds.first { $0.url == "https://other.example/feed" }?.folderID == folders[0].id) // "tech" == "Tech"
        #expect(feeds.first { $0.url == "https://swift.example/atom.xml" }?.folderID == folders[1].id)
        #expect(feeds.first { $0.url == "https://top.example/feed.xml" }?.siteURL == "https://top.example/")
        // Importing again adds nothing.
        let again = try OPML.importFile(at: fixture("opml/nested.opml").path, into: store)
        #expect(again.added == 0 && again.duplicates == 5)
    }

    /// Lectern's own sample list names files beside it (the caller says it is that list).
    @Test func relativeAddressesResolveAgainstTheOPMLFile() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let opml = "<opml version=\"2.0\"><body><outline text=\"Local\" xmlUrl=\"feeds/local.xml\"/></body></opml>"
        let result = try OPML.importDocument(Data(opml.utf8), into: store,
                                             baseURL: URL(fileURLWithPath: "/srv/samples/list.opml"), localFeeds: true)
        #expect(result.added == 1)
        #expect(try store.feeds().map(\.url) == ["file:///srv/samples/feeds/local.xml"])
    }

    /// Any other list never makes Lectern read a local file: not an absolute file address,
    /// not a relative one that climbs out of the list's folder, not one beside it.
    @Test func anOPMLNamingLocalFilesSubscribesOnlyItsWebFeeds() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let opml = """
            <opml version="2.0"><body>
            <outline text="Shadow" xmlUrl="file:///etc/shadow"/>
            <outline text="Climbing" xmlUrl="../../../../etc/passwd"/>
            <outline text="Beside" xmlUrl="feeds/local.xml"/>
            <outline text="Web" xmlUrl="https://harbour.example/feed.xml"/>
            </body></opml>
            """
        let result = try OPML.importDocument(Data(opml.utf8), into: store, baseURL: URL(fileURLWithPath: "/home/ann/Downloads/list.opml"))
        #expect(result.added == 1)
        #expect(result.local.count == 3, "\(result.local)")
        #expect(try store.feeds().map(\.url) == ["https://harbour.example/feed.xml"])
    }

    @Test func aBrokenFileImportsNothing() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let error = #expect(throws: OPMLImportError.self) {
            try OPML.importFile(at: fixture("opml/truncated.opml").path, into: store)
        }
        guard case .unreadable(.malformed(let line, let reason))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(line >= 8, "\(reason)")
        #expect(error?.description.contains("Nothing was imported") == true)
        #expect(try store.feeds().isEmpty && store.folders().isEmpty)
    }

    @Test func anUnreadableFileIsNamed() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let error = #expect(throws: OPMLImportError.self) { try OPML.importFile(at: "/nonexistent.opml", into: store) }
        guard case .unreadable(.unreadable(let path, _))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(path == "/nonexistent.opml")
    }

    @Test func exportRoundTrips() throws {
        let (store, folder) = try makeStore()
        _ = folder
        try OPML.importFile(at: fixture("opml/nested.opml").path, into: store)
        try store.renameFeed(try #require(try store.feed(url: "https://kernel.example/rss")).id, to: "Quotes \" & <tags>")
        let text = try OPML.export(store).text
        let (copy, copyFolder) = try makeStore()
        _ = copyFolder
        let result = try OPML.importDocument(Data(text.utf8), into: copy)
        #expect(result.added == 4 && result.duplicates == 0)
        func shape(_ store: LibraryStore) throws -> [String] {
            let folders = Dictionary(uniqueKeysWithValues: try store.folders().map { ($0.id, $0.title) })
            return try store.feeds().map { "\($0.url)|\($0.title ?? "")|\($0.siteURL ?? "")|\($0.folderID.flatMap { folders[$0] } ?? "")" }.sorted()
        }
        #expect(try shape(copy) == shape(store))
        #expect(try copy.folders().map(\.title) == store.folders().map(\.title))
    }
}
