import FeedParsing
import Foundation
import ScratchMount
import Testing
@testable import Library

/// A damaged library file, a read-only data folder and a full disk. Each gives an error
/// that says what happened, and nothing stored before is lost or changed.
@Suite struct HostileStorageTests {
    /// `count` articles of about `size` bytes each for one feed.
    private func articles(_ count: Int, from start: Int = 0, size: Int = 1_000) -> ParsedFeed {
        let body = String(repeating: "words and more words ", count: size / 21)
        return parsed((start..<start + count).map { entry("a\($0)", title: "Article \($0)", content: "<p>\($0) \(body)</p>") })
    }

    /// A closed library at `path` with one feed and `count` articles (no write-ahead log left).
    private func makeLibrary(at path: String, articles count: Int) throws -> Int64 {
        let store = try LibraryStore.open(path: path)
        let feed = try store.addFeed(url: "https://example.org/feed")
        _ = try store.save(articles(count), toFeed: feed.id)
        return feed.id
    }

    @Test func aTruncatedLibraryIsRefusedAndLeftAlone() throws {
        let folder = TempFolder()
        let path = folder.path("library.sqlite")
        _ = try makeLibrary(at: path, articles: 300)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "the library was not closed cleanly")
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = whole.prefix(whole.count / 2)
        try cut.write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: StorageError.self) { _ = try LibraryStore.open(path: path) }
        guard case .damaged(let reported, let reason)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reported == path && reason.contains("cut short"), "\(reason)")
        #expect(error?.description.contains("did not change it") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == cut, "the damaged file was changed")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aLibraryCutInsideItsHeaderIsNotALibrary() throws {
        let folder = TempFolder()
        let path = folder.path("library.sqlite")
        _ = try makeLibrary(at: path, articles: 3)
        let cut = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(60)
        try cut.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: StorageError.self) { _ = try LibraryStore.open(path: path) }
        #expect(error?.description.contains(path) == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == cut)
    }

    @Test func scribbledPagesReadAsDamagedNotAsACrash() throws {
        let folder = TempFolder()
        let path = folder.path("library.sqlite")
        _ = try makeLibrary(at: path, articles: 300)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for offset in stride(from: 4096 * 2, to: bytes.count, by: 4096) { // every page but the first two
            bytes.replaceSubrange(offset..<offset + 64, with: Data(repeating: 0xA5, count: 64))
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        let outcome = Result { () throws(StorageError) in
            let store = try LibraryStore.open(path: path)
            _ = try store.articles(ArticleQuery(view: .all, limit: 1_000))
            _ = try store.articles(ArticleQuery(view: .all, search: "words", limit: 1_000))
        }
        guard case .failure(let error) = outcome else { Issue.record("scribbled pages went unnoticed"); return }
        #expect(error.description.contains("damaged") || error.description.contains("not a Lectern library"), "\(error)")
    }

    @Test(.enabled(if: ScratchMount.available, "mounting a read-only tmpfs needs root"))
    func aReadOnlyDataFolderIsNamedAndNothingChanges() throws {
        let mount = try ScratchMount(kilobytes: 4_096)
        let path = mount.path("library.sqlite")
        _ = try makeLibrary(at: path, articles: 20)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        try mount.makeReadOnly()
        let error = #expect(throws: StorageError.self) { _ = try LibraryStore.open(path: path) }
        guard case .cannotOpen(_, let message)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message.contains("read-only"), "\(message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // A new library in a read-only folder is refused the same way.
        #expect(throws: StorageError.self) { _ = try LibraryStore.open(path: mount.path("new.sqlite")) }
    }

    @Test(.enabled(if: ScratchMount.available, "mounting a tiny tmpfs needs root"))
    func aFullDiskFailsTheSaveAndKeepsWhatWasStored() throws {
        let mount = try ScratchMount(kilobytes: 4_096)
        let store = try LibraryStore.open(path: mount.path("library.sqlite"))
        let feed = try store.addFeed(url: "https://example.org/feed")
        _ = try store.save(articles(50), toFeed: feed.id)
        // Fill what is left of the disk but 48 kB.
        let filler = mount.path("filler")
        try #require(FileManager.default.createFile(atPath: filler, contents: Data(count: Self.freeBytes(mount.path(".")) - 48_000)), "the test could not make its file")

        let error = #expect(throws: StorageError.self) { _ = try store.save(articles(400, from: 50), toFeed: feed.id) }
        #expect(error?.description.contains("disk is full") == true, "\(String(describing: error))")
        #expect(try store.count(.all) == 50, "the failed save changed what was stored")

        try FileManager.default.removeItem(atPath: filler)
        #expect(try store.save(articles(400, from: 50), toFeed: feed.id).added == 400)
        #expect(try store.count(.all) == 450)
    }

    private static func freeBytes(_ path: String) -> Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }
}
