import CGtk4
import CLecternWidgets
import Foundation
import GtkBridge
import Testing
import TestSupport
@testable import LecternApp

/// Article and sidebar rows draw their text with a `TextLine`, which never lays its text
/// out to be measured. It must still stand exactly as tall as the label it replaced,
/// follow a font change (a theme switch, the text size), and cut long text with an
/// ellipsis where the row ends.
@Suite("Text line", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct TextLineTests {
    private func height(_ widget: WidgetPointer) -> Int32 {
        var natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
        return natural
    }

    private func ellipsized(_ line: WidgetPointer) -> Bool {
        lectern_text_line_is_ellipsized(OpaquePointer(line)) != 0
    }

    /// A window of `width` holding `children` in a column, shown and laid out.
    private func present(_ children: [WidgetPointer], width: Int32) throws -> WidgetPointer {
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), width, -1)
        gtk_window_set_child(cast(window), Widgets.box(GTK_ORIENTATION_VERTICAL, classes: ["probe-column"], children))
        gtk_window_present(cast(window))
        let laidOut = MainLoop.iterate(until: { children.allSatisfy { gtk_widget_get_width($0) > 0 } }, timeout: 5)
        try #require(laidOut, "the window was never laid out")
        return window
    }

    @Test func aLineIsAsTallAsALabelInTheSameFontAndFollowsAFontChange() throws {
        try #require(gtk_init_check() != 0)
        let css = attachedStylesheet(".probe { font-size: 11pt; font-weight: 600; }")
        defer { css.detach() }
        let label = Widgets.label("Quarterly gadgets", classes: ["probe"])
        let line = TextLine.make(classes: ["probe"])
        TextLine.setText(line, "Quarterly gadgets")
        let window = try present([label, line], width: 300)
        defer { gtk_window_destroy(cast(window)) }
        #expect(height(line) == height(label), "a row would change height where a label became a text line")

        let small = height(line)
        css.load(".probe { font-size: 20pt; font-weight: 800; }")
        let grown = MainLoop.iterate(until: { height(line) > small }, timeout: 5)
        #expect(grown, "the line kept its height after its font grew")
        #expect(height(line) == height(label))
    }

    @Test func longTextIsCutWithAnEllipsisAndDrawnInTheCSSColour() throws {
        try #require(gtk_init_check() != 0)
        let css = attachedStylesheet("""
            .probe-column { background: #ffffff; }
            .probe { color: #ff0000; font-size: 20pt; font-weight: 800; }
            """)
        defer { css.detach() }
        let line = TextLine.make(classes: ["probe"])
        TextLine.setText(line, String(repeating: "An overlong headline ", count: 12))
        let window = try present([line], width: 200)
        defer { gtk_window_destroy(cast(window)) }
        let cut = MainLoop.iterate(until: { ellipsized(line) }, timeout: 5)
        #expect(cut, "text wider than the window was not cut with an ellipsis")

        let path = FileManager.default.temporaryDirectory.appending(path: "text-line-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try WidgetCapture.savePNG(of: window, to: path)
        let image = try #require(PNGImage(path: path))
        #expect(image.count(of: "#ff0000") > 20, "the text was not drawn in its CSS colour")

        TextLine.setText(line, "Short")
        let whole = MainLoop.iterate(until: { !ellipsized(line) }, timeout: 5)
        #expect(whole, "text that fits was still cut")
        #expect(TextLine.text(line) == "Short")
    }

    /// A line's text starts where its row starts, whatever the text's own direction: at the
    /// right in a right-to-left row (an Arabic article in the list, any row of an Arabic
    /// sidebar, an English feed's name there too), at the left otherwise.
    @Test(arguments: [(GTK_TEXT_DIR_RTL, "مدونة القراءة"), (GTK_TEXT_DIR_RTL, "Lectern Notes"),
                      (GTK_TEXT_DIR_LTR, "مدونة القراءة"), (GTK_TEXT_DIR_LTR, "Lectern Notes")])
    func theTextStartsWhereItsRowStarts(direction: GtkTextDirection, text: String) throws {
        try #require(gtk_init_check() != 0)
        let css = attachedStylesheet("""
            .probe-column { background: #ffffff; }
            .probe { color: #ff0000; font-size: 16pt; }
            """)
        defer { css.detach() }
        let line = TextLine.make(classes: ["probe"])
        TextLine.setText(line, text)
        gtk_widget_set_direction(line, direction)
        let window = try present([line], width: 500)
        defer { gtk_window_destroy(cast(window)) }
        let path = FileManager.default.temporaryDirectory.appending(path: "text-line-side-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try WidgetCapture.savePNG(of: window, to: path)
        let image = try #require(PNGImage(path: path))
        let red = (0..<image.width).filter { x in (0..<image.height).contains { y in image.rgb(x: x, y: y).red > 200 && image.rgb(x: x, y: y).green < 80 } }
        let first = try #require(red.first, "no text was drawn"), last = try #require(red.last)
        if direction == GTK_TEXT_DIR_RTL {
            #expect(first > image.width / 2, "the text starts at \(first) of \(image.width) px, not at the row's right")
        } else {
            #expect(last < image.width / 2, "the text ends at \(last) of \(image.width) px, not at the row's left")
        }
    }

    /// The pixels of `layout` drawn on its own, as wide as it is laid out.
    private func pixels(of layout: OpaquePointer) -> [UInt8] {
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        width = max(width, pango_layout_get_width(layout) / PANGO_SCALE)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        pango_cairo_show_layout(cr, layout)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let bytes = Int(cairo_image_surface_get_stride(surface) * height)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: bytes))
    }

    /// A long text is laid out only as far as could show (twice what fills the line), and
    /// looks as the whole text laid out would: the same letters before the same ellipsis in
    /// any script, at any width; and a text of letters much narrower than its font's
    /// average (accents written as letters of their own) is laid out whole where its part
    /// would fit.
    @Test(arguments: [
        String(repeating: "Quarterly gadgets review: the best of the season, tried and compared. ", count: 6),
        String(repeating: "مراجعة الأدوات الفصلية: أفضل ما في الموسم، جربناه وقارناه. ", count: 6),
        String(repeating: "季度小工具评测：本季最佳产品，经过试用和比较。", count: 12),
        String(repeating: "i\u{0301}", count: 300),
    ])
    func aLongTextLooksAsTheWholeTextLaidOutWould(text: String) throws {
        try #require(gtk_init_check() != 0)
        let css = attachedStylesheet(".probe { font-size: 11pt; }")
        defer { css.detach() }
        for width: Int32 in [120, 333, 720] {
            let line = TextLine.make(classes: ["probe"])
            TextLine.setText(line, text)
            let window = try present([line], width: width)
            defer { gtk_window_destroy(cast(window)) }
            let drawn = MainLoop.iterate(until: { lectern_text_line_get_layout(OpaquePointer(line)) != nil }, timeout: 5)
            try #require(drawn, "the line was never drawn")
            let layout = try #require(lectern_text_line_get_layout(OpaquePointer(line)))
            #expect(pango_layout_is_ellipsized(layout) != 0, "\(width) px: the text was not cut")
            let whole = try #require(pango_layout_copy(layout))
            defer { g_object_unref(UnsafeMutableRawPointer(whole)) }
            pango_layout_set_text(whole, text, -1)
            let same = pixels(of: layout) == pixels(of: whole)
            #expect(same, "\(width) px: the line looks other than the whole text would")
            if text.hasPrefix("Quarterly") {
                let laidOut = Int(pango_layout_get_character_count(layout))
                #expect(laidOut < text.unicodeScalars.count / 2, "\(width) px: \(laidOut) characters laid out for a line")
            }
        }
    }
}
