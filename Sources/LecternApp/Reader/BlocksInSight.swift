import CGtk4
import GtkBridge

/// While the window's width changes — a drag of its edge, a maximize — the reader lays out only
/// the blocks of its article in sight or near it.
///
/// At each new width every paragraph is laid out again (Pango shapes and breaks it whole), so a
/// drag cost a frame the article's whole length: a 4 000-word article took 14 ms a frame, most of
/// it text no one could see. As the width begins to change, a block further than half a page from
/// sight is hollowed out (`HollowRows`) at the height it had; a hollow block coming near sight
/// comes back before the frame is drawn, and once the width has rested the blocks come back a few
/// a frame, the nearest first: the whole article laid out at once was one frame of 33–61 ms on a
/// slow machine, a stall of the window just after the user let go of its edge. The blocks above
/// the view keep their heights until then, and after each layout the view is moved so that what
/// was at its top stays there: the text being read does not slide away as the paragraphs above
/// it change height, nor when they come back.
@MainActor
final class BlocksInSight {
    private let scroller: WidgetPointer
    /// The scroller's child, which the view's top is measured in.
    private let scrolled: WidgetPointer
    /// The article's widgets, from its header down.
    private let content: WidgetPointer
    private let hollow = HollowRows()
    /// The blocks brought back each frame once the width has rested (a long paragraph is laid
    /// out in about 0.5–1 ms).
    static let blocksPerFrame = 4
    private var afterLayout: SignalConnection?
    /// What the view's top is kept on: the article's widget there and, in a text, the line (held,
    /// so a widget taken out of the article meanwhile is found gone rather than freed).
    private final class Anchor {
        let widget: WidgetPointer
        /// The text at the view's top and the character at the start of its line there.
        let line: (label: WidgetPointer, index: Int32)?
        /// How far below the view's top the widget (or the line) was.
        let offset: Double
        /// Where the view was then (moved since: the reader scrolled, and the new place is kept).
        var top: Double

        init(widget: WidgetPointer, line: (label: WidgetPointer, index: Int32)?, offset: Double, top: Double) {
            (self.widget, self.line, self.offset, self.top) = (widget, line, offset, top)
            g_object_ref(widget)
            if let line { g_object_ref(line.label) }
        }

        deinit {
            g_object_unref(widget)
            if let line { g_object_unref(line.label) }
        }
    }
    private var anchor: Anchor?
    private var resizing = false
    /// The blocks of the article as the width began to change, to hollow out once it is laid out.
    private var toHollowOut: [(block: WidgetPointer, holder: WidgetPointer)] = []

    init(scroller: WidgetPointer, scrolled: WidgetPointer, content: WidgetPointer) {
        self.scroller = scroller
        self.scrolled = scrolled
        self.content = content
    }

    isolated deinit {
        afterLayout?.disconnect()   // the window's clock outlives a reader made anew
    }

    /// The width began to change: `blocks` (each in its holder) further than half a page from
    /// sight are hollowed out, before the layout at the new width if the reader was laid out.
    func resizeStarted(blocks: [(block: WidgetPointer, holder: WidgetPointer)]) {
        guard !resizing else { return }
        resizing = true
        hollow.holdBack()   // blocks still coming back from the last resize wait for this one's end
        toHollowOut = blocks
        if laidOut {
            keepAnchor()
            hollowOutFar()
        }
        guard afterLayout == nil, let clock = gtk_widget_get_frame_clock(scroller) else { return }
        afterLayout = connect(clock, .layout) { [weak self] in self?.afterEachLayout() }
    }

    /// The width has rested: the blocks come back a few a frame from the next frame on (every
    /// one at once when the reader is not on screen), the view kept on what it showed.
    func resizeEnded() {
        guard resizing else { return }
        resizing = false
        toHollowOut = []
        if laidOut {
            hollow.refill(after: scroller, wait: 1, perFrame: Self.blocksPerFrame)
        } else {
            hollow.fillAll()
        }
    }

    /// The article is going: its blocks are forgotten, not touched.
    func forgetAll() {
        hollow.forgetAll()
        toHollowOut = []
        anchor = nil
    }

    /// After each layout while the width changes (and the one after): the view back on what was
    /// at its top, then the hollow blocks now near sight filled in (laid out in the same frame).
    private func afterEachLayout() {
        if laidOut { keepInPlace() }
        guard !resizing, hollow.isEmpty else { return }
        afterLayout?.disconnect()
        afterLayout = nil
        anchor = nil
    }

    private func keepInPlace() {
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
        // The same character kept at the top through every frame (noted again each frame, the
        // top line's first character would creep back a line at a time).
        if let anchor, anchor.top == gtk_adjustment_get_value(adjustment), let place = place(of: anchor) {
            let moved = place - anchor.top - anchor.offset
            if abs(moved) >= 0.5 { gtk_adjustment_set_value(adjustment, anchor.top + moved) }
            anchor.top = gtk_adjustment_get_value(adjustment)
        } else {
            keepAnchor()   // none yet, or the reader scrolled: the new place is kept
        }
        hollowOutFar()
        let view = self.view
        for (block, holder) in hollow.hollowedOut {
            guard let (top, height) = place(of: holder) else { continue }
            if top < view.bottom + view.height / 4, top + height > view.top - view.height / 4 { hollow.fillIn(block) }
        }
    }

    /// The reader is on screen and laid out.
    private var laidOut: Bool { gtk_widget_get_mapped(scroller) != 0 && view.height > 0 }

    /// Hollows out the blocks waiting for it that are further than half a page from the view.
    private func hollowOutFar() {
        let view = self.view
        for (block, holder) in toHollowOut {
            guard let (top, height) = place(of: holder) else { continue }
            let distance = top > view.bottom ? top - view.bottom : view.top - (top + height)
            if distance > view.height / 2 { hollow.hollowOut(block, holder: holder, height: Int32(height.rounded()), distance: distance) }
        }
        toHollowOut = []
    }

    /// Notes the widget at the view's top as it is now, and in a text there the line.
    private func keepAnchor() {
        let top = gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)))
        anchor = Widgets.children(of: content).lazy.compactMap { [self] child -> Anchor? in
            guard let place = place(of: child), place.top + place.height > top else { return nil }
            if let line = line(in: child, at: top) {
                return Anchor(widget: child, line: (line.label, line.index), offset: line.top - top, top: top)
            }
            return Anchor(widget: child, line: nil, offset: place.top - top, top: top)
        }.first
    }

    /// Where `anchor` is now: its line's top, or its widget's; nil once it left the article.
    private func place(of anchor: Anchor) -> Double? {
        guard gtk_widget_get_parent(anchor.widget) == content else { return nil }
        guard let line = anchor.line else { return place(of: anchor.widget)?.top }
        guard gtk_widget_is_ancestor(line.label, anchor.widget) != 0 || line.label == anchor.widget else { return nil }
        return lineTop(line.label, index: line.index)
    }

    /// The text of `widget` across the height `y` (a paragraph, a heading, a quote's text), the
    /// character starting its line there and that line's top.
    private func line(in widget: WidgetPointer, at y: Double) -> (label: WidgetPointer, index: Int32, top: Double)? {
        let labels = [widget] + Widgets.descendants(of: widget)
        for label in labels where g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(label)), gtk_label_get_type()) != 0 {
            guard gtk_widget_get_mapped(label) != 0, let place = place(of: label), place.top <= y, y < place.top + place.height,
                  let layout = gtk_label_get_layout(OpaquePointer(label)) else { continue }
            var left: Int32 = 0, layoutTop: Int32 = 0, index: Int32 = 0, trailing: Int32 = 0
            gtk_label_get_layout_offsets(OpaquePointer(label), &left, &layoutTop)
            _ = pango_layout_xy_to_index(layout, 0, Int32((y - place.top - Double(layoutTop)) * Double(PANGO_SCALE)), &index, &trailing)
            var start: Int32 = 0
            pango_layout_index_to_line_x(layout, index, 0, &start, nil)
            guard let line = pango_layout_get_line_readonly(layout, start) else { continue }
            index = line.pointee.start_index
            return lineTop(label, index: index).map { (label, index, $0) }
        }
        return nil
    }

    /// The top of the line of `label` holding the character at `index`.
    private func lineTop(_ label: WidgetPointer, index: Int32) -> Double? {
        guard let place = place(of: label), let layout = gtk_label_get_layout(OpaquePointer(label)) else { return nil }
        var left: Int32 = 0, layoutTop: Int32 = 0
        gtk_label_get_layout_offsets(OpaquePointer(label), &left, &layoutTop)
        var position = PangoRectangle()
        pango_layout_index_to_pos(layout, index, &position)
        return place.top + Double(layoutTop) + Double(position.y) / Double(PANGO_SCALE)
    }

    /// The part of the article in view, in the scroller's child's coordinates (where the reader
    /// places blocks for a theme switch too).
    var view: (top: Double, bottom: Double, height: Double) {
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
        let top = gtk_adjustment_get_value(adjustment), height = gtk_adjustment_get_page_size(adjustment)
        return (top, top + height, height)
    }

    /// Where `widget` is, in the scroller's child's coordinates.
    func place(of widget: WidgetPointer) -> (top: Double, height: Double)? {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, scrolled, &bounds) != 0 else { return nil }
        return (Double(bounds.origin.y), Double(bounds.size.height))
    }
}
