import CGtk4
import Foundation
import GtkBridge
import Testing
@testable import LecternApp
@testable import Library

/// While the window's edge is dragged the reader lays out only the blocks of the article in
/// sight (`BlocksInSight`): what is on screen is what the reader shows at that width anyway,
/// every block comes back once the width rests (a few a frame), and the text being read stays in view.
@Suite("Reader during a drag of the window's edge", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct ReaderDragTests {
    private static let article = Article.sample(title: "A long article", content: (1...60).map {
        "<p>Paragraph \($0): " + String(repeating: "words to wrap at every width ", count: 4 + $0 % 5 * 3) + "</p>"
    }.joined())

    /// The scrollbar's strip: its slider is as long as the article, which a drag leaves as it was
    /// below the view until the width rests (and shows a while after each change).
    private static let scrollbar = 12

    /// A window reading the long article, laid out; its reader's paragraphs and scroller.
    private func reading(width: Int32) throws -> (window: WidgetPointer, reader: ReaderController,
                                                 paragraphs: [WidgetPointer], scroller: WidgetPointer) {
        let reader = ReaderController()
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), width, 500)
        gtk_window_set_child(cast(window), reader.widget)
        gtk_window_present(cast(window))
        reader.show(Self.article, feedTitle: "Feed", images: nil)
        let paragraphs = readerParagraphs(in: reader.widget)
        try #require(paragraphs.count == 60)
        let laidOut = MainLoop.iterate(until: { gtk_widget_get_height(paragraphs[59]) > 0 }, timeout: 5)
        try #require(laidOut)
        let scroller = try #require(Widgets.descendants(of: reader.widget).first { gtk_widget_has_css_class($0, "reader-scroller") != 0 })
        return (window, reader, paragraphs, scroller)
    }

    private func frames(_ count: Int = 3) {
        for _ in 0..<count { _ = MainLoop.iterate(until: { false }, timeout: 0.05) }
    }

    private func resize(_ window: WidgetPointer, to width: Int32) {
        gtk_window_set_default_size(cast(window), width, 500)
        frames()
    }

    /// How far below the scroller's top `widget` is.
    private func offset(of widget: WidgetPointer, in scroller: WidgetPointer) throws -> Float {
        var bounds = graphene_rect_t()
        try #require(gtk_widget_compute_bounds(widget, scroller, &bounds) != 0)
        return bounds.origin.y
    }

    private func scroll(_ scroller: WidgetPointer, toTopOf paragraph: WidgetPointer) throws {
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + Double(try offset(of: paragraph, in: scroller)))
        frames()
    }

    @Test func aDragLaysOutWhatIsInSightAsItIsAndBringsTheRestBack() throws {
        try #require(gtk_init_check() != 0)
        let dragged = try reading(width: 320), plain = try reading(width: 900)
        defer { for window in [dragged.window, plain.window] { gtk_window_destroy(cast(window)) } }
        let hidden = { dragged.paragraphs.filter { gtk_widget_get_visible($0) == 0 }.count }
        // Both read from the 20th paragraph down.
        for window in [dragged, plain] { try scroll(window.scroller, toTopOf: window.paragraphs[19]) }

        // Wider: the paragraphs in sight get shorter, and those below come up into sight.
        dragged.reader.widthChanging(true)
        for width in stride(from: Int32(340), through: 900, by: 20) { resize(dragged.window, to: width) }
        #expect(gtk_widget_get_visible(dragged.paragraphs[19]) != 0, "the paragraph in sight was hidden")
        #expect(hidden() > 45, "only \(hidden()) of 60 paragraphs sat out the drag")
        let mid = try differingPixels(dragged.window, plain.window, rightEdge: Self.scrollbar)
        #expect(mid == 0, "in the drag the reader shows other than it does at that width: \(mid) pixels differ")

        dragged.reader.widthChanging(false)
        let back = MainLoop.iterate(until: { hidden() == 0 }, timeout: 5)
        #expect(back, "\(hidden()) paragraphs never came back")
        frames()
        let heights = { (paragraphs: [WidgetPointer]) in paragraphs.map(gtk_widget_get_height) }
        #expect(heights(dragged.paragraphs) == heights(plain.paragraphs), "the paragraphs came back at other heights")
        let after = try differingPixels(dragged.window, plain.window, rightEdge: Self.scrollbar)
        #expect(after == 0, "after the drag the reader differs from one opened at that width: \(after) pixels")
    }

    @Test func theTextBeingReadStaysInViewThroughADrag() throws {
        try #require(gtk_init_check() != 0)
        let (window, reader, paragraphs, scroller) = try reading(width: 800)
        defer { gtk_window_destroy(cast(window)) }
        // Read down to the 40th paragraph: it is at the view's top.
        let reading = paragraphs[39]
        try scroll(scroller, toTopOf: reading)
        let start = try offset(of: reading, in: scroller)
        try #require(abs(start) < 1, "the paragraph is \(start) px from the top")

        reader.widthChanging(true)
        for width in stride(from: Int32(780), through: 500, by: -28) {
            resize(window, to: width)
            let now = try offset(of: reading, in: scroller)
            #expect(abs(now - start) < 1, "at \(width) px the paragraph being read moved \(now - start) px")
        }
        reader.widthChanging(false)
        let back = MainLoop.iterate(until: { paragraphs.allSatisfy { gtk_widget_get_visible($0) != 0 } }, timeout: 5)
        try #require(back)
        frames()
        let end = try offset(of: reading, in: scroller)
        #expect(abs(end - start) < 1, "once the width rested the paragraph being read was \(end - start) px from where it was")
    }

    /// How far below the scroller's top the line of `label` holding its character `index` is.
    private func offset(ofLineWith index: Int32, in label: WidgetPointer, scroller: WidgetPointer) throws -> Float {
        let layout = try #require(gtk_label_get_layout(OpaquePointer(label)))
        var left: Int32 = 0, top: Int32 = 0
        gtk_label_get_layout_offsets(OpaquePointer(label), &left, &top)
        var position = PangoRectangle()
        pango_layout_index_to_pos(layout, index, &position)
        return try offset(of: label, in: scroller) + Float(top) + Float(position.y) / Float(PANGO_SCALE)
    }

    @Test func theLineBeingReadStaysAtTheViewsTopAsItsParagraphWrapsAnew() throws {
        try #require(gtk_init_check() != 0)
        let (window, reader, paragraphs, scroller) = try reading(width: 800)
        defer { gtk_window_destroy(cast(window)) }
        // Read down to the 39th paragraph's fourth line (of seven): it is at the view's top.
        let reading = paragraphs[38]
        let layout = try #require(gtk_label_get_layout(OpaquePointer(reading)))
        try #require(pango_layout_get_line_count(layout) > 4)
        let fourth = try #require(pango_layout_get_line_readonly(layout, 3)).pointee.start_index
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment)
            + Double(try offset(ofLineWith: fourth, in: reading, scroller: scroller)))
        frames()
        let start = try offset(ofLineWith: fourth, in: reading, scroller: scroller)
        try #require(abs(start) < 1, "the line is \(start) px from the top")

        reader.widthChanging(true)
        for width in stride(from: Int32(760), through: 360, by: -40) {
            resize(window, to: width)
            let now = try offset(ofLineWith: fourth, in: reading, scroller: scroller)
            #expect(abs(now - start) < 1, "at \(width) px the line being read moved \(now - start) px")
        }
        reader.widthChanging(false)
        let back = MainLoop.iterate(until: { paragraphs.allSatisfy { gtk_widget_get_visible($0) != 0 } }, timeout: 5)
        try #require(back)
        frames()
        let end = try offset(ofLineWith: fourth, in: reading, scroller: scroller)
        #expect(abs(end - start) < 1, "once the width rested the line being read was \(end - start) px from where it was")
    }

    /// The paragraphs that came back in each frame painted.
    @MainActor
    private final class Returns {
        var stillHidden: Set<Int>
        var byFrame: [[Int]] = []
        init(_ hidden: Set<Int>) { stillHidden = hidden }
    }

    @Test func onceTheWidthRestsTheParagraphsComeBackAFewAFrameTheNearestFirst() throws {
        try #require(gtk_init_check() != 0)
        let (window, reader, paragraphs, scroller) = try reading(width: 800)
        defer { gtk_window_destroy(cast(window)) }
        try scroll(scroller, toTopOf: paragraphs[29])
        reader.widthChanging(true)
        for width in stride(from: Int32(770), through: 590, by: -30) { resize(window, to: width) }
        let returns = Returns(Set(paragraphs.indices.filter { gtk_widget_get_visible(paragraphs[$0]) == 0 }))
        let hiddenAtRest = returns.stillHidden.count
        try #require(hiddenAtRest > 40, "only \(hiddenAtRest) of 60 paragraphs sat out the drag")
        let clock = try #require(gtk_widget_get_frame_clock(window))
        let watch = connect(clock, .afterPaint) {
            let back = returns.stillHidden.filter { gtk_widget_get_visible(paragraphs[$0]) != 0 }
            guard !back.isEmpty else { return }
            returns.byFrame.append(back.sorted())
            returns.stillHidden.subtract(back)
        }
        defer { watch.disconnect() }

        reader.widthChanging(false)
        let back = MainLoop.iterate(until: { returns.stillHidden.isEmpty }, timeout: 5)
        #expect(back, "\(returns.stillHidden.count) paragraphs never came back")
        // A frame lays out a few paragraphs, not the whole article at once (a stall on a slow machine).
        #expect(returns.byFrame.allSatisfy { $0.count <= BlocksInSight.blocksPerFrame }, "by frame: \(returns.byFrame)")
        #expect(returns.byFrame.count >= hiddenAtRest / BlocksInSight.blocksPerFrame)
        // The nearest first: those back in the first frames are nearer the 30th than those in the last.
        let distance = { (batch: [Int]) in Double(batch.map { abs($0 - 29) }.reduce(0, +)) / Double(batch.count) }
        if let first = returns.byFrame.first, let last = returns.byFrame.last {
            #expect(distance(first) < distance(last), "by frame: \(returns.byFrame)")
        }
    }

    @Test func aParagraphOutOfSightKeepsTheKeyboardFocusThroughAResize() throws {
        try #require(gtk_init_check() != 0)
        let (window, reader, paragraphs, scroller) = try reading(width: 700)
        defer { gtk_window_destroy(cast(window)) }
        // The focus on the 55th paragraph, then the view scrolled back to the top (a wheel does).
        gtk_widget_grab_focus(paragraphs[54])
        frames()
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)), 0)
        frames()
        let focused = { gtk_root_get_focus(OpaquePointer(window)) == paragraphs[54] }
        try #require(focused())

        reader.widthChanging(true)
        resize(window, to: 600)
        #expect(gtk_widget_get_visible(paragraphs[54]) != 0, "the focused paragraph was hidden")
        #expect(gtk_widget_get_visible(paragraphs[50]) == 0, "the paragraphs around it were not")
        reader.widthChanging(false)
        frames()
        #expect(focused(), "the focus left the paragraph in the resize")
    }

    @Test func theWindowsPanesTellWhenItsWidthChangesAndWhenItRests() throws {
        try #require(gtk_init_check() != 0)
        let panes = AdaptivePanes(layout: .wide, narrowPane: .list, sidebarWidth: 200, listWidth: 300)
        var told: [Bool] = []
        panes.onResize = { told.append($0) }
        panes.fit(width: 1000)
        panes.fit(width: 1000)   // the same width told again (the window's state changed): no change
        panes.fit(width: 984)
        #expect(told == [true])
        let rested = MainLoop.iterate(until: { told.count == 2 }, timeout: 2)
        #expect(rested && told == [true, false], "told \(told)")
    }
}
