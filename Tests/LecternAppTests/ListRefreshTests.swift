import CGtk4
import Foundation
import GtkBridge
import Library
import Testing
@testable import LecternApp

/// A refresh or sync that ends while the reader is down the list reloads the list: the articles
/// on screen stay where they were, new ones coming in above out of sight, and the article being
/// read stays selected without the list jumping back to it. Another view starts at its top.
@Suite("The list across a refresh", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct ListRefreshTests {
    @Test func aRefreshKeepsTheArticlesOnScreenAndAnotherViewStartsAtItsTop() throws {
        try #require(gtk_init_check() != 0)
        let library = try HarbourLibrary()
        let store = library.store
        let now = Date()
        func boats(_ numbers: ClosedRange<Int>, newer: Bool = false) throws {
            try library.add(numbers.map { RemoteItem(remoteID: "\($0)", feedRemoteID: "feed/1", title: "Boat \($0)",
                                                     published: now.addingTimeInterval(Double(newer ? $0 : -$0 * 60)), html: "<p>A boat.</p>") })
        }
        try boats(1...200)
        let session = ReadingSession(access: StoreAccess(store: store), settings: Settings())
        let window = gtk_window_new()!
        defer { gtk_window_destroy(cast(window)) }
        gtk_window_set_default_size(cast(window), 500, 600)
        gtk_window_set_child(cast(window), session.list.widget)
        gtk_window_present(cast(window))
        guard let adjustment = session.list.verticalAdjustment else { Issue.record("the list has no scrolling"); return }
        let laidOut = MainLoop.iterate(until: { gtk_adjustment_get_upper(adjustment) > 4000 }, timeout: 5)
        try #require(laidOut, "the list was never laid out")
        let rowHeight = gtk_adjustment_get_upper(adjustment) / 200
        // The reader opened the third article, then scrolled the list down past fifty rows.
        let read = try store.articles(ArticleQuery(view: .all))[2]
        #expect(session.list.select(articleID: read.id))
        gtk_adjustment_set_value(adjustment, 52.5 * rowHeight)
        _ = MainLoop.iterate(until: { false }, timeout: 0.3)

        // A refresh brings nothing new, then five articles newer than all of them.
        session.libraryChanged()
        _ = MainLoop.iterate(until: { false }, timeout: 0.3)
        #expect(gtk_adjustment_get_value(adjustment) == 52.5 * rowHeight, "the list went to row \(gtk_adjustment_get_value(adjustment) / rowHeight)")
        try boats(201...205, newer: true)
        session.libraryChanged()
        _ = MainLoop.iterate(until: { false }, timeout: 0.3)
        #expect(gtk_adjustment_get_value(adjustment) == 57.5 * rowHeight,
                "the articles on screen moved: the list is at row \(gtk_adjustment_get_value(adjustment) / rowHeight), not 57.5")
        #expect(session.list.selectedRow?.id == read.id, "the article being read is no longer selected")

        // Another view starts at its top.
        session.list.show(.unread, title: "Unread")
        _ = MainLoop.iterate(until: { false }, timeout: 0.3)
        #expect(gtk_adjustment_get_value(adjustment) == 0, "Unread opened at row \(gtk_adjustment_get_value(adjustment) / rowHeight)")
    }
}
