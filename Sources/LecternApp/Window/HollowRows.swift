import CGtk4
import GtkBridge

/// Spares off-screen rows a whole-window restyle (a theme switch).
///
/// GTK skips hidden widgets when it restyles, so hiding a row's content costs nothing
/// and leaves one node where there were several. `hollowOut` hides a row's content and
/// holds the row at its current height, so the list does not move. After the next frame
/// has been painted, `refill` brings the rows back a batch per frame, nearest to the
/// visible part first. A row that is about to be shown again comes back at once
/// (`fillIn`).
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

    var isEmpty: Bool { hollow.isEmpty }

    /// Hides `content` and holds `holder` (the row around it) at `height`. `distance` says
    /// how far the row is from the visible part (smaller comes back sooner).
    func hollowOut(_ content: WidgetPointer, holder: WidgetPointer, height: Int32, distance: Double) {
        guard hollow[content] == nil, height > 0, gtk_widget_get_visible(content) != 0 else { return }
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

    /// Forgets `content` without touching it (its row is being destroyed).
    func forget(_ content: WidgetPointer) {
        hollow[content] = nil
        if hollow.isEmpty { stopRefilling() }
    }

    /// Forgets every row without touching it (the rows are being destroyed).
    func forgetAll() {
        hollow = [:]
        stopRefilling()
    }

    /// After each frame `widget` paints, brings back the next batch of rows.
    func refill(after widget: WidgetPointer) {
        guard refill == nil, !hollow.isEmpty, let clock = gtk_widget_get_frame_clock(widget) else { return }
        refill = connect(clock, .afterPaint) { [weak self] in self?.fillNextBatch() }
    }

    private func fillNextBatch() {
        let nearest = hollow.sorted { $0.value.distance < $1.value.distance }.prefix(Self.rowsPerFrame)
        nearest.forEach { fillIn($0.key) }
        if hollow.isEmpty { stopRefilling() }
    }

    private func stopRefilling() {
        refill?.disconnect()
        refill = nil
    }
}
