import Foundation
import Testing
@testable import Library

/// Saved searches: kept in the library with their All/Unread choice, renamed and removed, and
/// counted among the unread counts.
@Suite struct SavedSearchTests {
    @Test func aSavedSearchIsKeptCountedRenamedAndRemoved() throws {
        let folder = TempFolder()
        let path = folder.path("library.sqlite")
        var store = try LibraryStore.open(path: path)
        let feed = try store.addFeed(url: "https://harbour.example/feed", title: "Harbour")
        try store.save(parsed([entry("1", title: "The last funicular"), entry("2", title: "Funicular timetable"),
                               entry("3", title: "Bakers at dawn")]), toFeed: feed.id)
        let saved = try store.saveSearch("  funicular ", unreadOnly: true)
        #expect(saved.name == "funicular" && saved.query == "funicular" && saved.view == .unread)
        #expect(try store.unreadCounts().bySavedSearch[saved.id] == 2)
        let first = try #require(try store.articles(ArticleQuery(view: .all, search: "funicular")).first)
        _ = try store.setRead([first.id], true)
        #expect(try store.unreadCounts().bySavedSearch[saved.id] == 1, "the count follows what is read")

        try store.renameSavedSearch(saved.id, to: "Cable cars")
        store = try LibraryStore.open(path: path)   // kept across restarts
        #expect(try store.savedSearches() == [SavedSearch(id: saved.id, name: "Cable cars", query: "funicular", unreadOnly: true)])
        #expect(throws: StorageError.self) { try store.saveSearch("   ", unreadOnly: false) }
        try store.deleteSavedSearch(saved.id)
        #expect(try store.savedSearches().isEmpty)
        #expect(try store.unreadCounts().bySavedSearch.isEmpty)
    }
}
