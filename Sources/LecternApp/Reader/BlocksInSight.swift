import CGtk4
import GtkBridge

/// While the window's width changes — a drag of its edge, a maximize — the reader lays out only
/// the blocks of its article in sight or near it.
///
/// At each new width every paragraph is laid out again (Pango shapes and breaks it whole), so a
/// drag cost a frame the article's whole length: a 4 000-word article took 14 ms a frame, most of
/// it text no one could see. As the width begins to change, a block further than half a page from
/// sight is hollowed out (`HollowRows`) at the height it had; a hollow block coming near sight
/// comes back before the frame is drawn, and once the width has rested every block comes back at
/// once (the one layout of the whole article). The blocks above the view keep their heights until
/// then, and after each layout the view is moved so that what was at its top stays there: the text
/// being read does not slide away as the paragraphs above it change height, nor when they come back.
@MainActor
final class BlocksInSight {
    private let scroller: WidgetPointer
    /// The scroller's child, which the view's top is measured in.
    private let scrolled: WidgetPointer
    /// The article's widgets, from its header down.
    private let content: WidgetPointer
    private let hollow = HollowRows()
    private var afterLayout: SignalConnection?
    /// The widget at the top of the view, how far below the view's top it was, and where the
    /// view was then (moved since: the reader scrolled, and the new place is kept instead).
    private var anchor: (widget: WidgetPointer, offset: Double, top: Double)?
    private(set) var resizing = false
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
        toHollowOut = blocks
        if laidOut {
            keepAnchor()
            hollowOutFar()
        }
        guard afterLayout == nil, let clock = gtk_widget_get_frame_clock(scroller) else { return }
        afterLayout = connect(clock, .layout) { [weak self] in self?.afterEachLayout() }
    }

    /// The width has rested: every block comes back, the view kept on what it showed.
    func resizeEnded() {
        guard resizing else { return }
        resizing = false
        toHollowOut = []
        hollow.fillAll()
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
        if let anchor, anchor.top == gtk_adjustment_get_value(adjustment), let place = place(of: anchor.widget) {
            let moved = place.top - anchor.top - anchor.offset
            if abs(moved) >= 0.5 { gtk_adjustment_set_value(adjustment, anchor.top + moved) }
        }
        keepAnchor()
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

    /// Notes the widget at the view's top as it is now.
    private func keepAnchor() {
        let top = gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)))
        anchor = Widgets.children(of: content).lazy.compactMap { [self] child in
            place(of: child).flatMap { $0.top + $0.height > top ? (child, $0.top - top, top) : nil }
        }.first
    }

    /// The part of the article in view, in the scroller's child's coordinates.
    private var view: (top: Double, bottom: Double, height: Double) {
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller))
        let top = gtk_adjustment_get_value(adjustment), height = gtk_adjustment_get_page_size(adjustment)
        return (top, top + height, height)
    }

    /// Where `widget` is, in the scroller's child's coordinates.
    private func place(of widget: WidgetPointer) -> (top: Double, height: Double)? {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, scrolled, &bounds) != 0 else { return nil }
        return (Double(bounds.origin.y), Double(bounds.size.height))
    }
}
