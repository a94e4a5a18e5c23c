import ArticleModel
import CGtk4
import Foundation
import GtkBridge
import Testing
@testable import LecternApp

/// A table wider than the reader's column keeps its words whole and scrolls across, as a code
/// block does: in a 300 px column a six-column tide table read "Se-co-nd hi-gh".
@Suite("Tables in the reader", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct ReaderTableTests {
    @Test func aWideTableKeepsWholeWordsAndScrollsAcross() throws {
        try #require(gtk_init_check() != 0)
        let header = ["Day", "First high", "First low", "Second high", "Second low", "Coefficient"]
        let row = ["Wednesday", "05:42", "11:58", "18:07", "—", "93"]
        let table = ArticleBlock.table([header.map { ArticleTableCell(isHeader: true, content: [.text($0)]) },
                                        row.map { ArticleTableCell(content: [.text($0)]) }])
        let block = try #require(ArticleRenderer(images: nil, articleID: nil, notify: { _ in }).render([table]).first)
        let window = created(gtk_window_new())
        defer { gtk_window_destroy(cast(window)) }
        gtk_window_set_child(cast(window), block)
        gtk_window_set_default_size(cast(window), 300, 400)
        gtk_window_present(cast(window))
        let labels = Widgets.descendants(of: block).filter { Widgets.typeName($0) == "GtkLabel" }
        let shown = MainLoop.iterate(until: { labels.count == 12 && labels.allSatisfy { gtk_widget_get_width($0) > 0 } }, timeout: 5)
        try #require(shown)
        #expect(gtk_widget_get_width(block) <= 300, "the table's block is \(gtk_widget_get_width(block)) px wide")
        for label in labels {
            let text = String(cString: gtk_label_get_text(OpaquePointer(label)))
            let lines = pango_layout_get_line_count(gtk_label_get_layout(OpaquePointer(label)))
            #expect(Int(lines) <= text.split(separator: " ").count, "\(text) takes \(lines) lines")
        }
    }
}
