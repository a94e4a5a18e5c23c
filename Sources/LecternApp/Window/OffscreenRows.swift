import CGtk4
import GtkBridge

/// Keeps the rows of a long list box out of sight from being drawn.
///
/// GTK 4.8 puts every row of a `GtkListBox` into every frame it draws, and its software
/// renderer draws each one before clipping it away: a sidebar of 110 subscriptions with 18 in
/// sight drew 113 icons and every title in each frame of a resize. The content of a row further
/// than half a page from sight is left unmapped (`gtk_widget_set_child_visible`): it is still
/// measured, laid out and styled — the row keeps its height, and nothing restyles when it comes
/// back — but it is not drawn. After each layout of the window (a scroll, a resize, rows added),
/// before the frame is drawn, the rows then in sight are mapped again.
@MainActor
final class OffscreenRows {
    private let list: WidgetPointer
    private let scroller: WidgetPointer
    private var clock: UnsafeMutableRawPointer?
    private var afterLayout: SignalConnection?
    /// What the rows in sight were worked out from: the list's place in the scroller, the
    /// scroller's height and the list's.
    private var laidOutFor: (top: Float, height: Int32, listHeight: Int32)?

    init(list: WidgetPointer, scroller: WidgetPointer) {
        self.list = list
        self.scroller = scroller
        connect(scroller, .map) { [weak self] in
            guard let self, let clock = gtk_widget_get_frame_clock(scroller).map(UnsafeMutableRawPointer.init),
                  clock != self.clock else { return }
            self.clock = clock
            // Connected after the window's own layout (GTK's handler came first): rows placed.
            afterLayout?.disconnect()
            afterLayout = connect(clock, .layout) { [weak self] in self?.update() }
        }
    }

    isolated deinit {
        afterLayout?.disconnect()   // the window's clock outlives a sidebar made anew
    }

    /// Rows were added, removed or made anew: worked out again after the next layout, even if
    /// the list kept its height.
    func rowsChanged() {
        laidOutFor = nil
    }

    /// Maps the rows in sight or near it and unmaps the others, when the list moved or changed size.
    private func update() {
        var listBounds = graphene_rect_t()
        let height = gtk_widget_get_height(scroller), listHeight = gtk_widget_get_height(list)
        guard gtk_widget_get_mapped(scroller) != 0, height > 0, listHeight > 0,
              gtk_widget_compute_bounds(list, scroller, &listBounds) != 0 else { return }
        let key = (top: listBounds.origin.y, height: height, listHeight: listHeight)
        if let laidOutFor, laidOutFor == key { return }
        laidOutFor = key
        // Half a page either side: a short scroll finds its rows mapped already.
        let top = Int32(-listBounds.origin.y)
        guard let (rows, near) = Self.rows(of: list, from: top - height / 2, to: top + height + height / 2) else { return }
        for (position, row) in rows.enumerated() {
            guard let content = gtk_list_box_row_get_child(cast(row)) else { continue }
            let mapped: gboolean = near.contains(position) ? 1 : 0
            guard gtk_widget_get_child_visible(content) != mapped else { continue }
            gtk_widget_set_child_visible(content, mapped)
            // The row draws it again: GTK's own redraw of a widget mapped again stops at the
            // widget, still marked for a redraw from before it was unmapped (never drawn since),
            // and the row would keep the picture it had without it.
            if mapped != 0 { gtk_widget_queue_draw(row) }
        }
    }

    /// A list box's rows, and the positions of the first and last of them between `top` and
    /// `bottom` (in the list's own coordinates, held to the list); nil for a list with no rows.
    /// The list finds a row at a height by halving: asking each of a few hundred rows where it
    /// is took most of the sidebar's share of a theme switch.
    static func rows(of list: WidgetPointer, from top: Int32, to bottom: Int32) -> ([WidgetPointer], ClosedRange<Int>)? {
        let rows = Widgets.children(of: list), height = gtk_widget_get_height(list)
        func index(atY y: Int32) -> Int? {
            gtk_list_box_get_row_at_y(OpaquePointer(list), min(max(y, 0), height - 1)).flatMap { row in rows.firstIndex { $0 == cast(row) } }
        }
        guard height > 0, let first = index(atY: top) else { return nil }
        return (rows, first...max(first, index(atY: bottom) ?? rows.count - 1))
    }
}
