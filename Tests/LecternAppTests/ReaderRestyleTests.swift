import CGtk4
import Foundation
import GtkBridge
import Testing
@testable import LecternApp
@testable import Library

/// A theme switch while reading lays out only what is on screen: the article's blocks
/// below the fold are hidden at their height for the switch and all come back after it.
@Suite("Reader during a theme switch", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct ReaderRestyleTests {
    private func article(paragraphs: Int) -> Article {
        .sample(title: "A long article",
                content: (1...paragraphs).map { "<p>Paragraph \($0): " + String(repeating: "words to wrap ", count: 30) + "</p>" }.joined())
    }

    @Test func blocksBelowTheFoldSitOutTheSwitchAndComeBack() throws {
        try #require(gtk_init_check() != 0)
        let reader = ReaderController()
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 700, 500)
        gtk_window_set_child(cast(window), reader.widget)
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        reader.show(article(paragraphs: 30), feedTitle: "Feed", images: nil)
        let all = readerParagraphs(in: reader.widget)
        try #require(all.count == 30)
        let laidOut = MainLoop.iterate(until: { gtk_widget_get_height(all[29]) > 0 }, timeout: 5)
        try #require(laidOut)
        let heights = all.map(gtk_widget_get_height)

        reader.prepareForRestyle()
        let hidden = all.filter { gtk_widget_get_visible($0) == 0 }
        #expect(gtk_widget_get_visible(all[0]) != 0, "the paragraph being read was hidden")
        #expect(hidden.count > 20, "only \(hidden.count) of 30 paragraphs sat out the switch")
        #expect(all.map { gtk_widget_get_height(gtk_widget_get_parent($0)!) } == heights, "the article's length changed")

        let back = MainLoop.iterate(until: { all.allSatisfy { gtk_widget_get_visible($0) != 0 && gtk_widget_get_width($0) > 0 } },
                                    timeout: 5)
        #expect(back, "some paragraphs never came back")
    }
}
