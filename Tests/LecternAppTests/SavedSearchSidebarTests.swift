import CGtk4
import Foundation
import GtkBridge
import Library
import Testing
@testable import LecternApp

/// A saved search in the window: a sidebar row after the smart views with its unread count;
/// choosing it lists its matches with its words in the search field; leaving it clears them.
@Suite("Saved searches in the sidebar", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct SavedSearchSidebarTests {
    @Test func aSavedSearchIsAViewWithItsCountAndItsMatches() async throws {
        try #require(gtk_init_check() != 0)
        let library = try HarbourLibrary()
        let store = library.store
        try library.add(["The last funicular", "Funicular timetable", "Bakers at dawn"].enumerated().map {
            RemoteItem(remoteID: "\($0.offset)", feedRemoteID: "feed/1", title: $0.element)
        })
        let saved = try store.saveSearch("funicular", unreadOnly: false)
        let articles = try store.articles(ArticleQuery(view: .all))
        let bakers = try #require(articles.first { $0.title == "Bakers at dawn" })
        let funicular = try #require(articles.first { $0.title == "The last funicular" })

        let session = ReadingSession(access: StoreAccess(store: store), settings: Settings())
        let rows = session.sidebar.items
        #expect(rows.dropFirst(SidebarItem.smartViews.count).first?.title == "funicular", "the saved search follows the smart views")
        #expect(rows.first { $0.key == "saved:\(saved.id)" }?.count(in: try store.unreadCounts()) == 2)

        session.sidebar.select(savedSearch: saved.id)
        // The search is read off the main thread and comes back on the main actor: wait without holding it.
        for _ in 0..<200 where session.list.isSearching { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!session.list.isSearching, "the search never came back")
        #expect(session.list.select(articleID: funicular.id), "a match is listed")
        #expect(!session.list.select(articleID: bakers.id), "an article that does not match is listed")
        session.sidebar.select(.all)
        #expect(session.list.select(articleID: bakers.id), "leaving the saved search kept its words in the search")
    }
}
