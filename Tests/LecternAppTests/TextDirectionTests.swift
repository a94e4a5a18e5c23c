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
        .sample(title: title, content: content)
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

    /// The reader's column keeps the last article's direction: the next article's widgets must
    /// take theirs all the same (the second Arabic article in a row had been laid out left to right).
    @Test func aSecondRightToLeftArticleInARowReadsRightToLeft() throws {
        try #require(gtk_init_check() != 0)
        let reader = ReaderController()
        for title in ["لماذا نقرأ الأخبار ببطء", "عشرة كتب لفصل الشتاء", "Why we read slowly", "לקרוא לאט"] {
            let rtl = title.unicodeScalars.first!.value >= 0x0590
            reader.show(article(title: title, content: "<p>\(title)</p><ul><li>\(title)</li></ul>"), feedTitle: "Feed", images: nil)
            let classes = ["article-title", "article-meta", "article-actions", "reading", "list-item"]
            let parts = Widgets.descendants(of: reader.widget).filter { widget in
                classes.contains { name in gtk_widget_has_css_class(widget, name) != 0 }
            }
            #expect(parts.count >= 6)
            let wrong = parts.filter { gtk_widget_get_direction($0) != (rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR) }
            #expect(wrong.isEmpty, "\(title): \(wrong.count) of \(parts.count) parts in the other direction")
        }
    }

    @Test func withoutLettersTheFeedsLanguageDecides() throws {
        try #require(gtk_init_check() != 0)
        #expect(readerTitleDirection(article(title: "2026"), feedLanguage: "he") == GTK_TEXT_DIR_RTL)
        #expect(readerTitleDirection(article(title: "2026"), feedLanguage: "de-DE") == GTK_TEXT_DIR_LTR)
        #expect(readerTitleDirection(article(title: "2026")) == GTK_TEXT_DIR_LTR)   // the interface's
    }
}
