import CGtk4
import Foundation
import GtkBridge
import Library
import Testing
@testable import LecternApp

/// Mark as read on scroll: with the preference on, the unread articles scrolled past in the list
/// (wholly above its top) are marked read, and the undo bar brings them back; the ones on screen
/// stay unread. Off, scrolling marks nothing.
@Suite("Mark as read on scroll", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct MarkOnScrollTests {
    private func sessionOnScreen(markOnScroll: Bool) throws -> (ReadingSession, LibraryStore, WidgetPointer, HarbourLibrary) {
        try #require(gtk_init_check() != 0)
        let library = try HarbourLibrary()
        let store = library.store
        try library.add((0..<60).map { RemoteItem(remoteID: "\($0)", feedRemoteID: "feed/1", title: "Article \($0)") })
        let settings = Settings()
        settings.markReadOnScroll = markOnScroll
        let session = ReadingSession(access: StoreAccess(store: store), settings: settings)
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 400, 600)
        gtk_window_set_child(cast(window), session.list.widget)
        gtk_window_present(cast(window))
        let laidOut = MainLoop.iterate(until: { (session.list.verticalAdjustment.map { gtk_adjustment_get_upper($0) } ?? 0) > 600 }, timeout: 5)
        try #require(laidOut, "the list was never laid out")
        return (session, store, window, library)
    }

    /// Scrolls the list down by `pixels` and lets the scroll settle.
    private func scroll(_ session: ReadingSession, by pixels: Double) {
        guard let adjustment = session.list.verticalAdjustment else { return }
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + pixels)
        let until = Date().addingTimeInterval(0.6)
        _ = MainLoop.iterate(until: { Date() > until }, timeout: 2)
    }

    @Test func articlesScrolledPastAreMarkedReadAndUndoBringsThemBack() throws {
        let (session, store, window, library) = try sessionOnScreen(markOnScroll: true)
        defer { gtk_window_destroy(cast(window)); withExtendedLifetime(library) {} }
        var undo: (@MainActor () -> Void)?
        session.onUndoable = { _, action in undo = action }
        scroll(session, by: 500)
        let unread = try store.unreadCounts().all
        #expect(unread < 60, "nothing was marked read after scrolling 500 px")
        #expect(unread > 40, "more than the rows scrolled past were marked: \(60 - unread)")
        // The newest articles come first: those marked are the top of the list, none below.
        let top = Array(try store.articles(ArticleQuery(view: .all)).prefix(60 - unread))
        let topIsRead = top.allSatisfy { $0.read }
        #expect(topIsRead, "the rows marked are not the ones scrolled past")
        scroll(session, by: -500)
        #expect(try store.unreadCounts().all == unread, "scrolling back up marked something")
        try #require(undo != nil, "no undo was offered")
        undo?()
        #expect(try store.unreadCounts().all == 60)
    }

    @Test func withThePreferenceOffScrollingMarksNothing() throws {
        let (session, store, window, library) = try sessionOnScreen(markOnScroll: false)
        defer { gtk_window_destroy(cast(window)); withExtendedLifetime(library) {} }
        scroll(session, by: 500)
        #expect(try store.unreadCounts().all == 60)
    }
}
