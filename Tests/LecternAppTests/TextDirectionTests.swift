import CGtk4
import Foundation
import GtkBridge
import Testing
import TestSupport
@testable import LecternApp
@testable import Library

/// An Arabic or Hebrew article reads right to left in the reader and in the list, whatever
/// the language of the interface; an English one reads left to right in an Arabic interface.
@Suite("Text direction", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct TextDirectionTests {
    func row(_ title: String) -> ArticleRow {
        ArticleRow(id: 1, feedID: 1, title: title, feedTitle: "Feed", date: Date(), excerpt: nil, read: false, starred: false)
    }

    func article(title: String, content: String = "") -> Article {
        Article(id: 1, feedID: 1, guid: "g", link: nil, title: title, published: nil, updated: nil, sortDate: Date(),
                authors: [], summary: nil, content: content, categories: [], enclosures: [], thumbnailURL: nil,
                arrived: Date(), read: false, starred: false)
    }

    /// The direction of the reader's title label after showing `article`.
    func readerTitleDirection(_ article: Article, feedLanguage: String? = nil) -> GtkTextDirection {
        let reader = ReaderController()
        reader.show(article, feedTitle: "Feed", feedLanguage: feedLanguage, images: nil)
        let title = Widgets.descendants(of: reader.widget).first { gtk_widget_has_css_class($0, "article-title") != 0 }
        return title.map { gtk_widget_get_direction($0) } ?? GTK_TEXT_DIR_NONE
    }

    @Test func listRowsTakeTheirTitlesDirection() throws {
        try #require(gtk_init_check() != 0)
        let widget = ArticleRowWidget()
        widget.show(row("לקרוא לאט"))
        #expect(gtk_widget_get_direction(widget.root) == GTK_TEXT_DIR_RTL)
        #expect(Widgets.descendants(of: widget.root).allSatisfy { gtk_widget_get_direction($0) == GTK_TEXT_DIR_RTL })
        widget.show(row("Reading slowly"))   // the same, recycled row
        #expect(gtk_widget_get_direction(widget.root) == GTK_TEXT_DIR_LTR)
    }

    @Test func theReaderTakesTheArticlesDirectionWhateverTheInterfaces() throws {
        try #require(gtk_init_check() != 0)
        #expect(readerTitleDirection(article(title: "لماذا نقرأ الأخبار ببطء")) == GTK_TEXT_DIR_RTL)
        gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)   // an Arabic interface
        defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
        #expect(readerTitleDirection(article(title: "Why we read slowly")) == GTK_TEXT_DIR_LTR)
    }

    @Test func withoutLettersTheFeedsLanguageDecides() throws {
        try #require(gtk_init_check() != 0)
        #expect(readerTitleDirection(article(title: "2026"), feedLanguage: "he") == GTK_TEXT_DIR_RTL)
        #expect(readerTitleDirection(article(title: "2026"), feedLanguage: "de-DE") == GTK_TEXT_DIR_LTR)
        #expect(readerTitleDirection(article(title: "2026")) == GTK_TEXT_DIR_LTR)   // the interface's
    }
}
