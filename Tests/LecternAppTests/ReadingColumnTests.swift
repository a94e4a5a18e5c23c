import CGtk4
import Foundation
import GtkBridge
import Testing
@testable import LecternApp

/// The reader's column: 70 characters of the reading font wide at most, centred in a wide
/// pane, the whole width of a narrow one, and wider when the font grows.
@Suite("Reading column", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct ReadingColumnTests {
    private func width(_ widget: WidgetPointer) -> Int32 { gtk_widget_get_width(widget) }

    /// The left edge of `widget` in `ancestor`'s coordinates.
    private func left(_ widget: WidgetPointer, in ancestor: WidgetPointer) -> Float {
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(widget, ancestor, &bounds)
        return bounds.origin.x
    }

    @Test func theColumnIsAMeasureWideCentredAndFollowsTheFont() throws {
        try #require(gtk_init_check() != 0)
        let css = attachedStylesheet(".probe { font-size: 11pt; }")
        defer { css.detach() }
        let column = ReadingColumn(classes: [])
        let paragraph = Widgets.label(String(repeating: "A paragraph long enough to wrap several times. ", count: 20),
                                      classes: ["probe"], wrap: true)
        gtk_box_append(cast(column.content), paragraph)
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 1600, 600)
        gtk_window_set_child(cast(window), column.widget)
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let laidOut = MainLoop.iterate(until: { width(paragraph) > 0 }, timeout: 5)
        try #require(laidOut)
        #expect(width(column.content) == width(column.widget), "without a measure the content takes the whole width")

        column.measure(by: paragraph)
        let narrowed = MainLoop.iterate(until: { width(column.content) < width(column.widget) }, timeout: 5)
        try #require(narrowed, "the measure did not narrow the column")
        let measure = width(column.content)
        #expect((400...900).contains(measure), "70 characters at 11 pt came to \(measure) px")
        #expect(width(paragraph) == measure, "the paragraph does not wrap at the column's width")
        let centred = Float(width(column.widget) - measure) / 2
        #expect(abs(left(column.content, in: column.widget) - centred) <= 1, "the column is not centred")

        css.load(".probe { font-size: 16pt; }")
        let widened = MainLoop.iterate(until: { width(column.content) > measure }, timeout: 5)
        #expect(widened, "the column kept its width after the reading font grew")

        gtk_window_set_default_size(cast(window), 300, 600)
        let squeezed = MainLoop.iterate(until: { width(column.widget) < 400 }, timeout: 5)
        try #require(squeezed)
        #expect(width(column.content) == width(column.widget), "in a narrow pane the column is not the whole width")
    }
}
