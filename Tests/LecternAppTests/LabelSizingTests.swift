import CGtk4
import CLecternWidgets
import Foundation
import GtkBridge
import Testing
import TestSupport
@testable import LecternApp

/// A reader paragraph sized from its font's metrics (lectern_label_sizing.h) takes exactly the
/// room a GtkLabel of the same width in characters takes, at every width and after its font
/// changes: the reader looks the same, only its text is laid out fewer times.
@Suite("Label sizing", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct LabelSizingTests {
    private static let texts = [
        "Short.",
        String(repeating: "A paragraph long enough to wrap many times over in any column. ", count: 12),
        "https://example.org/a/very/long/address/without/any/space/in/it/that/must/break/somewhere/" + String(repeating: "x", count: 80),
        String(repeating: "نص عربي يلتف على عدة أسطر في العمود الضيق. ", count: 8),
    ]

    private struct Size: Equatable, CustomStringConvertible {
        let minimum: Int32, natural: Int32
        var description: String { "\(minimum)/\(natural)" }
    }

    private func measure(_ label: WidgetPointer, _ orientation: GtkOrientation, for size: Int32) -> Size {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(label, orientation, size, &minimum, &natural, nil, nil)
        return Size(minimum: minimum, natural: natural)
    }

    /// The heights the label asks for at a phone's, a pane's and a wide column's widths.
    private func heights(of label: WidgetPointer) -> [Size] {
        [90, 160, 300, 480, 700].map { measure(label, GTK_ORIENTATION_VERTICAL, for: $0) }
    }

    /// Lets the window restyle and lay itself out again.
    private func settle() { _ = MainLoop.iterate(until: { false }, timeout: 0.2) }

    @Test func aSizedParagraphTakesTheRoomGtkLabelWouldAtEveryWidthAndFont() throws {
        try #require(gtk_init_check() != 0)
        let css = attachedStylesheet(".probe { font-size: 11pt; }")
        defer { css.detach() }
        let pairs = Self.texts.map { text -> (plain: WidgetPointer, sized: WidgetPointer) in
            let plain = Widgets.label(text, classes: ["probe"], wrap: true)
            gtk_label_set_width_chars(OpaquePointer(plain), 12)
            gtk_label_set_max_width_chars(OpaquePointer(plain), 12)
            let sized = Widgets.label(text, classes: ["probe"], wrap: true)
            lectern_label_size_by_characters(OpaquePointer(sized), 12)
            return (plain, sized)
        }
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 500, 400)
        gtk_window_set_child(cast(window), Widgets.verticalScroller(Widgets.box(GTK_ORIENTATION_VERTICAL, pairs.flatMap { [$0.plain, $0.sized] })))
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let laidOut = MainLoop.iterate(until: { pairs.allSatisfy { gtk_widget_get_height($0.sized) > 0 } }, timeout: 5)
        try #require(laidOut)

        for font in ["11pt", "19pt"] {
            #expect(css.load(".probe { font-size: \(font); }").isEmpty)
            settle()
            for (index, pair) in pairs.enumerated() {
                #expect(heights(of: pair.sized) == heights(of: pair.plain), "text \(index) at \(font)")
                // Its width is that of 12 characters, as GtkLabel's is, short of text that does
                // not break so narrow (Arabic at 19 pt: 197 px against 192).
                let sized = measure(pair.sized, GTK_ORIENTATION_HORIZONTAL, for: -1)
                let plain = measure(pair.plain, GTK_ORIENTATION_HORIZONTAL, for: -1)
                #expect(sized.minimum == sized.natural && sized.minimum <= plain.minimum && plain.minimum - sized.minimum <= sized.minimum / 12,
                        "text \(index) at \(font): \(sized) wide, GtkLabel \(plain)")
                if index < 3 { #expect(sized == plain, "text \(index) at \(font)") }
            }
            // Shown, the sized paragraph is as tall as the plain one beside it.
            for pair in pairs {
                #expect(gtk_widget_get_height(pair.sized) == gtk_widget_get_height(pair.plain))
            }
        }
        let bigger = measure(pairs[1].sized, GTK_ORIENTATION_VERTICAL, for: 300)
        #expect(css.load(".probe { font-size: 11pt; }").isEmpty)
        settle()
        #expect(measure(pairs[1].sized, GTK_ORIENTATION_VERTICAL, for: 300).natural < bigger.natural,
                "the paragraph kept its height after its font shrank")
    }

    /// GTK asks for heights at widths it only tries out (the window working out its size): the
    /// text is still drawn across the width the paragraph has.
    @Test func aWidthOnlyTriedOutIsNotTheWidthTheTextIsDrawnAt() throws {
        try #require(gtk_init_check() != 0)
        let css = attachedStylesheet("window { background: #ffffff; } .probe { color: #ff0000; font-size: 12pt; }")
        defer { css.detach() }
        let paragraph = Widgets.label(Self.texts[1], classes: ["probe"], wrap: true)
        lectern_label_size_by_characters(OpaquePointer(paragraph), 12)
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 500, 600)
        gtk_window_set_child(cast(window), paragraph)
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let laidOut = MainLoop.iterate(until: { gtk_widget_get_width(paragraph) > 400 }, timeout: 5)
        try #require(laidOut)

        _ = measure(paragraph, GTK_ORIENTATION_VERTICAL, for: 150)
        gtk_widget_queue_draw(paragraph)   // drawn again, not laid out again
        settle()
        let path = FileManager.default.temporaryDirectory.appending(path: "label-sizing-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try WidgetCapture.savePNG(of: window, to: path)
        let image = try #require(PNGImage(path: path))
        let red = (0..<image.width).filter { x in
            stride(from: 0, to: image.height, by: 2).contains { y in image.rgb(x: x, y: y).red > 200 && image.rgb(x: x, y: y).green < 80 }
        }
        let right = try #require(red.last, "no text was drawn")
        #expect(right > 300, "the text was drawn within \(right) px of a \(gtk_widget_get_width(paragraph)) px paragraph")
    }
}
