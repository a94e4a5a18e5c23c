import Foundation
@testable import Library
import Testing
@testable import LecternApp

/// A library that stops answering under the window: the list falls back to empty, and the
/// user is told once, with what failed — not an empty list and no word.
@Suite("Store failures reach the user", .serialized)
@MainActor
struct StoreAccessTests {
    @Test func aFailingReadIsShownOnceUntilTheLibraryAnswersAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-access-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "library.sqlite").path
        let store = try LibraryStore.open(path: path)
        try store.addFeed(url: "https://example.org/feed")

        let access = StoreAccess(store: store)
        var shown: [String] = []
        access.onFailure = { shown.append($0) }
        let cache = ArticleRowCache(access: access, query: ArticleQuery(view: .all))
        #expect(cache.reset(to: ArticleQuery(view: .all)) == 0)
        #expect(shown.isEmpty)

        // Another program breaks the library under the running window.
        let other = try LibraryStore.open(path: path)
        try other.write { database throws(StorageError) in try database.execute("ALTER TABLE articles RENAME TO articles_moved") }
        #expect(cache.reset(to: ArticleQuery(view: .unread)) == 0)
        #expect(cache.reset(to: ArticleQuery(view: .starred)) == 0)
        #expect(shown.count == 1, "one banner, not one per failing read: \(shown)")
        #expect(shown.first?.hasPrefix("Lectern could not count the articles of this view.") == true, "\(shown)")
        #expect(shown.first?.contains("articles") == true)

        try other.write { database throws(StorageError) in try database.execute("ALTER TABLE articles_moved RENAME TO articles") }
        #expect(access.read("count the feeds", fallback: -1) { try $0.feeds().count } == 1)
        try other.write { database throws(StorageError) in try database.execute("ALTER TABLE articles RENAME TO articles_moved") }
        _ = cache.reset(to: ArticleQuery(view: .all))
        #expect(shown.count == 2, "after the library answered again, a new failure is shown again")
    }
}
