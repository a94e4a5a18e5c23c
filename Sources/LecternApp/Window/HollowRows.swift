import CGtk4
import GtkBridge

/// Spares off-screen rows a whole-window restyle (a theme switch), and the reader's blocks out of
/// sight the layout at every width of a resize (`BlocksInSight`).
///
/// GTK skips hidden widgets when it restyles and lays out, so hiding a row's content costs
/// nothing and leaves one node where there were several. `hollowOut` hides a row's content and
/// holds the row at its current height, so the list does not move. After a theme switch, from the
/// second frame painted, `refill` brings the rows back a batch per frame, nearest to the visible
/// part first: the frame after the switch restyles the whole window once more (transitions come
/// back on, `Appearance`), and rows brought back then would be restyled on top of it. A row that
/// is about to be shown again comes back at once (`fillIn`).
@MainActor
final class HollowRows {
    static let rowsPerFrame = 20

    private struct Hollow {
        let holder: WidgetPointer
        let distance: Double
    }

    /// By content widget.
    private var hollow: [WidgetPointer: Hollow] = [:]
    private var refill: SignalConnection?
    /// Frames still to be painted before the first batch comes back.
    private var framesToWait = 0
    private var perFrame = rowsPerFrame

    var isEmpty: Bool { hollow.isEmpty }

    /// Hides `content` and holds `holder` (the row around it) at `height`, its height with its
    /// margins (as `gtk_widget_measure` gives it, and as a size request counts). `distance` says
    /// how far the row is from the visible part (smaller comes back sooner). A row holding the
    /// keyboard focus stays: hidden, it would lose it.
    func hollowOut(_ content: WidgetPointer, holder: WidgetPointer, height: Int32, distance: Double) {
        guard hollow[content] == nil, height > 0, gtk_widget_get_visible(content) != 0, !Widgets.holdsFocus(content) else { return }
        hollow[content] = Hollow(holder: holder, distance: distance)
        gtk_widget_set_size_request(holder, -1, height)
        gtk_widget_set_visible(content, 0)
    }

    /// Brings `content` back now, if it was hollowed out.
    func fillIn(_ content: WidgetPointer) {
        guard let row = hollow.removeValue(forKey: content) else { return }
        gtk_widget_set_visible(content, 1)
        gtk_widget_set_size_request(row.holder, -1, -1)
    }

    /// Brings every row back now.
    func fillAll() {
        hollow.keys.forEach(fillIn)
        holdBack()
    }

    /// The rows hollowed out: each one's content and its holder.
    var hollowedOut: [(content: WidgetPointer, holder: WidgetPointer)] {
        hollow.map { ($0.key, $0.value.holder) }
    }

    /// Forgets `content` without touching it (its row is being destroyed).
    func forget(_ content: WidgetPointer) {
        hollow[content] = nil
        if hollow.isEmpty { holdBack() }
    }

    /// Forgets every row without touching it (the rows are being destroyed).
    func forgetAll() {
        hollow = [:]
        holdBack()
    }

    /// After each frame `widget` paints, from the `wait`th on (the second by default), brings
    /// back the next `perFrame` rows.
    func refill(after widget: WidgetPointer, wait: Int = 2, perFrame: Int = rowsPerFrame) {
        framesToWait = wait // counted from the latest call, also when one before is still refilling
        self.perFrame = perFrame
        guard refill == nil, !hollow.isEmpty, let clock = gtk_widget_get_frame_clock(widget) else { return }
        refill = connect(clock, .afterPaint) { [weak self] in self?.fillNextBatch(clock) }
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT) // a frame comes even if nothing else changes
    }

    /// Stops bringing rows back (they stay hollow until filled in or refilled).
    func holdBack() {
        refill?.disconnect()
        refill = nil
    }

    private func fillNextBatch(_ clock: OpaquePointer) {
        framesToWait -= 1
        guard framesToWait <= 0 else {
            gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT) // a frame comes even if nothing else changes
            return
        }
        let nearest = hollow.sorted { $0.value.distance < $1.value.distance }.prefix(perFrame)
        nearest.forEach { fillIn($0.key) }
        if hollow.isEmpty { holdBack() }
    }
}
