import CGtk4
import Foundation
import GtkBridge
import Library
import Testing
@testable import LecternApp

/// A refresh or sync that ends while an article is read reloads the list around it; the reader
/// keeps the article as it is: scrolled where it was, not drawn again.
@Suite("The reader across a refresh", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct ReaderRefreshTests {
    @Test func aRefreshLeavesTheArticleBeingReadWhereItWas() throws {
        try #require(gtk_init_check() != 0)
        let library = try HarbourLibrary()
        let store = library.store
        let long = (1...80).map { "<p>Paragraph \($0) of a long article about the harbour and its boats.</p>" }.joined()
        try library.add([RemoteItem(remoteID: "1", feedRemoteID: "feed/1", title: "The long read", published: Date(), html: long)])
        let session = ReadingSession(access: StoreAccess(store: store), settings: Settings())
        let window = gtk_window_new()!
        defer { gtk_window_destroy(cast(window)) }
        gtk_window_set_default_size(cast(window), 700, 500)
        gtk_window_set_child(cast(window), session.reader.widget)
        gtk_window_present(cast(window))
        let article = try #require(try store.articles(ArticleQuery(view: .all)).first)
        #expect(session.list.select(articleID: article.id))
        try #require(session.reader.article?.id == article.id)
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(try #require(
            Widgets.descendants(of: session.reader.widget).first { gtk_widget_has_css_class($0, "reader-scroller") != 0 })))
        let laidOut = MainLoop.iterate(until: { gtk_adjustment_get_upper(adjustment) > 1500 }, timeout: 5)
        try #require(laidOut, "the article was never laid out")
        gtk_adjustment_set_value(adjustment, 900)
        let before = Widgets.descendants(of: session.reader.widget).first { gtk_widget_has_css_class($0, "article-header") != 0 }

        // A refresh brought a newer article, and the list reloads.
        try library.add([RemoteItem(remoteID: "2", feedRemoteID: "feed/1", title: "Newer", published: Date().addingTimeInterval(60))])
        session.libraryChanged()
        _ = MainLoop.iterate(until: { false }, timeout: 0.3)
        #expect(session.reader.article?.id == article.id)
        #expect(gtk_adjustment_get_value(adjustment) == 900, "the reader went back to \(gtk_adjustment_get_value(adjustment))")
        let after = Widgets.descendants(of: session.reader.widget).first { gtk_widget_has_css_class($0, "article-header") != 0 }
        #expect(before != nil && before == after, "the article was drawn again")
    }
}
