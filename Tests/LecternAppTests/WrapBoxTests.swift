import CGtk4
import Foundation
import GtkBridge
import Testing
@testable import LecternApp

/// The reader's row of buttons: one line when there is room, more lines when not, never wider
/// than it is given; hidden buttons take no room; a right-to-left one starts at the right.
@Suite("Wrapping rows of buttons", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct WrapBoxTests {
    private func row(width: Int32, direction: GtkTextDirection = GTK_TEXT_DIR_LTR, hiding hidden: Int? = nil)
        throws -> (box: WidgetPointer, buttons: [WidgetPointer], close: () -> Void) {
        try #require(gtk_init_check() != 0)
        let buttons = ["Open in Browser", "Load Full Article", "Star", "Labels"].map { Widgets.textButton($0) }
        if let hidden { gtk_widget_set_visible(buttons[hidden], 0) }
        let box = WrapBox.make(spacing: 6, lineSpacing: 4, buttons)
        gtk_widget_set_direction(box, direction)
        let window = created(gtk_window_new())
        gtk_window_set_child(cast(window), box)
        gtk_window_set_default_size(cast(window), width, -1)
        gtk_widget_set_size_request(box, width, -1)
        gtk_window_present(cast(window))
        let shown = MainLoop.iterate(until: { gtk_widget_get_width(box) >= width && WrapBox.lines(box) > 0 }, timeout: 5)
        try #require(shown)
        return (box, buttons, { gtk_window_destroy(cast(window)) })
    }

    private func bounds(_ widget: WidgetPointer, in box: WidgetPointer) -> graphene_rect_t {
        var rect = graphene_rect_t()
        _ = gtk_widget_compute_bounds(widget, box, &rect)
        return rect
    }

    @Test func aWideRowIsOneLineAndANarrowOneWrapsWithinItsWidth() throws {
        let wide = try row(width: 900)
        defer { wide.close() }
        #expect(WrapBox.lines(wide.box) == 1)
        let tops = wide.buttons.map { bounds($0, in: wide.box).origin.y }
        #expect(Set(tops).count == 1, "one line: \(tops)")

        let narrow = try row(width: 200)
        defer { narrow.close() }
        #expect(WrapBox.lines(narrow.box) >= 2)
        for button in narrow.buttons {
            let rect = bounds(button, in: narrow.box)
            #expect(rect.origin.x >= 0 && rect.origin.x + rect.size.width <= 200, "\(rect.origin.x) + \(rect.size.width)")
        }
        // In order: each button after the one before, on its line or a later one.
        let places = narrow.buttons.map { bounds($0, in: narrow.box) }
        for (before, after) in zip(places, places.dropFirst()) {
            #expect(after.origin.y > before.origin.y || (after.origin.y == before.origin.y && after.origin.x > before.origin.x))
        }
    }

    @Test func aHiddenButtonTakesNoRoom() throws {
        // Exactly as wide as the three shown buttons and the two gaps between them: one line.
        let probe = try row(width: 900)
        let widths = probe.buttons.map { button -> Int32 in
            var natural: Int32 = 0
            gtk_widget_measure(button, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
            return natural
        }
        probe.close()
        let fewer = try row(width: widths[0] + widths[2] + widths[3] + 12, hiding: 1)
        defer { fewer.close() }
        #expect(WrapBox.lines(fewer.box) == 1)
    }

    /// A long file name that ellipsizes stays beside its Play button, shortened to what is left.
    @Test func aChildToBeShortenedAnywayIsShortenedOnItsLine() throws {
        try #require(gtk_init_check() != 0)
        let play = Widgets.textButton("Play")
        let name = Widgets.label("the-harbour-hour-episode-212-lighthouses-tides-and-keepers-final-mix.mp3")
        gtk_label_set_ellipsize(OpaquePointer(name), PANGO_ELLIPSIZE_MIDDLE)
        let box = WrapBox.make(spacing: 8, lineSpacing: 2, [play, name])
        let window = created(gtk_window_new())
        defer { gtk_window_destroy(cast(window)) }
        gtk_window_set_child(cast(window), box)
        gtk_window_set_default_size(cast(window), 300, -1)
        gtk_window_present(cast(window))
        let shown = MainLoop.iterate(until: { gtk_widget_get_width(box) > 0 && WrapBox.lines(box) > 0 }, timeout: 5)
        try #require(shown)
        try #require(gtk_widget_get_width(box) <= 300, "the row is \(gtk_widget_get_width(box)) px wide")
        #expect(WrapBox.lines(box) == 1)
        let rect = bounds(name, in: box)
        #expect(rect.origin.x > 0 && rect.origin.x + rect.size.width <= Float(gtk_widget_get_width(box)), "\(rect.origin.x) + \(rect.size.width)")
    }

    @Test func rightToLeftStartsAtTheRight() throws {
        let rtl = try row(width: 900, direction: GTK_TEXT_DIR_RTL)
        defer { rtl.close() }
        let first = bounds(rtl.buttons[0], in: rtl.box), second = bounds(rtl.buttons[1], in: rtl.box)
        #expect(first.origin.x + first.size.width == Float(gtk_widget_get_width(rtl.box)))
        #expect(second.origin.x < first.origin.x)
    }
}
