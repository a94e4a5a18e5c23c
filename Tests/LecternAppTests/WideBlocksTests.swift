import ArticleModel
import CGtk4
import Foundation
import GtkBridge
import Testing
@testable import LecternApp

/// Blocks wider than the reader's column, in a 300 px one: a table keeps its words whole and
/// scrolls across (a six-column tide table read "Se-co-nd hi-gh"), a code block shows every
/// character (its lines ended in "…"), an embed's buttons go below its title (which was broken
/// a letter a line).
@Suite("Wide blocks in the reader", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct WideBlocksTests {
    /// `block` rendered alone in a window 300 px wide, once every label in it has a width.
    private func shown(_ block: ArticleBlock) throws -> (widget: WidgetPointer, labels: [WidgetPointer], close: () -> Void) {
        try #require(gtk_init_check() != 0)
        let widget = try #require(ArticleRenderer(images: nil, articleID: 1, notify: { _ in }).render([block]).first)
        let window = created(gtk_window_new())
        gtk_window_set_child(cast(window), widget)
        gtk_window_set_default_size(cast(window), 300, 400)
        gtk_window_present(cast(window))
        let labels = Widgets.descendants(of: widget).filter { Widgets.typeName($0) == "GtkLabel" }
        let ready = MainLoop.iterate(until: { !labels.isEmpty && labels.allSatisfy { gtk_widget_get_width($0) > 0 } }, timeout: 5)
        try #require(ready)
        return (widget, labels, { gtk_window_destroy(cast(window)) })
    }

    private func lines(_ label: WidgetPointer) -> Int {
        Int(pango_layout_get_line_count(gtk_label_get_layout(OpaquePointer(label))))
    }

    private func text(_ label: WidgetPointer) -> String {
        String(cString: gtk_label_get_text(OpaquePointer(label)))
    }

    @Test func aWideTableKeepsWholeWordsAndScrollsAcross() throws {
        let header = ["Day", "First high", "First low", "Second high", "Second low", "Coefficient"]
        let row = ["Wednesday", "05:42", "11:58", "18:07", "—", "93"]
        let table = ArticleBlock.table([header.map { ArticleTableCell(isHeader: true, content: [.text($0)]) },
                                        row.map { ArticleTableCell(content: [.text($0)]) }])
        let (block, labels, close) = try shown(table)
        defer { close() }
        #expect(labels.count == 12)
        #expect(gtk_widget_get_width(block) <= 300, "the table's block is \(gtk_widget_get_width(block)) px wide")
        for label in labels {
            #expect(lines(label) <= text(label).split(separator: " ").count, "\(text(label)) takes \(lines(label)) lines")
        }
    }

    @Test func aLongLineOfCodeIsShownWholeAndScrollsAcross() throws {
        let code = "curl -O https://harbour.example/reports/2026/annual-report.pdf --retry 5 --retry-delay 2"
        let (block, labels, close) = try shown(.code(text: code, language: nil))
        defer { close() }
        let label = try #require(labels.first)
        #expect(pango_layout_is_ellipsized(gtk_label_get_layout(OpaquePointer(label))) == 0, "the line ends in …")
        #expect(gtk_widget_get_width(label) > 300 && gtk_widget_get_width(block) <= 300,
                "the line is \(gtk_widget_get_width(label)) px in a block \(gtk_widget_get_width(block)) px wide")
    }

    @Test func anEmbedsButtonsGoBelowItsTitleRatherThanSqueezeIt() throws {
        let (card, labels, close) = try shown(.embed(ArticleEmbed(kind: .video, url: "https://www.youtube.com/embed/x",
                                                                  title: "Lighthouse keepers")))
        defer { close() }
        #expect(gtk_widget_get_width(card) <= 300)
        for label in labels {
            #expect(lines(label) <= text(label).split(separator: " ").count, "\(text(label)) takes \(lines(label)) lines")
        }
    }
}
