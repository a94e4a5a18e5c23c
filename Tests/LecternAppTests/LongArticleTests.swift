import CGtk4
import Foundation
import GtkBridge
import Testing
@testable import LecternApp
@testable import Library
import ArticleModel

/// A book-length article opens at once: its first screens show in the same call, the rest a
/// batch at a time while the window goes on answering, to the last paragraph and the attachments.
@Suite("A long article in the reader", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct LongArticleTests {
    private func article(paragraphs: Int) -> Article {
        .sample(title: "A book in a feed", content: (1...paragraphs).map { "<p>Paragraph \($0) of a very long article.</p>" }.joined(),
                enclosures: [Enclosure(url: "https://example.org/book.epub", type: "application/epub+zip", length: nil)])
    }

    private func paragraphTexts(in root: WidgetPointer) -> [String] {
        readerParagraphs(in: root).map { String(cString: gtk_label_get_text(OpaquePointer($0))) }
    }

    private func hasAttachments(_ root: WidgetPointer) -> Bool {
        Widgets.descendants(of: root).contains { gtk_widget_has_css_class($0, "attachments") != 0 }
    }

    @Test func theFirstScreensShowAtOnceAndTheRestFollowInOrder() throws {
        try #require(gtk_init_check() != 0)
        let reader = ReaderController()
        let count = 2_000
        reader.show(article(paragraphs: count), feedTitle: "Feed", images: nil)
        let first = paragraphTexts(in: reader.widget)
        #expect(first.count == ReaderController.blocksAtOnce, "\(first.count) paragraphs made before the reader answered")
        #expect(first.first == "Paragraph 1 of a very long article.")
        #expect(!hasAttachments(reader.widget), "the attachments came before the end of the article")

        let done = MainLoop.iterate(until: { hasAttachments(reader.widget) }, timeout: 30)
        try #require(done, "the rest of the article never came")
        #expect(paragraphTexts(in: reader.widget) == (1...count).map { "Paragraph \($0) of a very long article." })
    }

    /// Another article chosen while one is still being made: nothing of the first comes after it.
    @Test func anotherArticleStopsTheRestOfTheFirst() throws {
        try #require(gtk_init_check() != 0)
        let reader = ReaderController()
        reader.show(article(paragraphs: 2_000), feedTitle: "Feed", images: nil)
        var short = article(paragraphs: 3)
        short.enclosures = []
        reader.show(short, feedTitle: "Feed", images: nil)
        MainLoop.iterate(until: { false }, timeout: 1)
        #expect(paragraphTexts(in: reader.widget) == (1...3).map { "Paragraph \($0) of a very long article." })
        #expect(!hasAttachments(reader.widget))
    }
}
