import CGtk4
import CLecternWidgets
import GtkBridge

/// While the window's edge is dragged, the sidebar and the article list — which keep their size
/// beside the reader — are drawn from an image of themselves (`lectern_drag_cache.c`): without a
/// GPU GTK draws the whole window into a new buffer in every frame of a drag, and these two panes
/// were drawn whole each time, exactly as the frame before. They hold from the second change of
/// width in a row (a maximize or a snap is one, and gains nothing) until the width has rested.
@MainActor
final class PaneImages {
    /// The sidebar and the list, each in its holder: what the window arranges as those panes.
    let sidebar: WidgetPointer
    let list: WidgetPointer
    /// A change of width this soon after the last is a drag going on.
    static let dragGap: gint64 = 100_000   // µs
    /// The width resting this long ends the drag.
    static let restMilliseconds: UInt32 = 300
    private var lastChange: gint64 = 0
    private var rest: MainLoop.Source?

    init(sidebar bareSidebar: WidgetPointer, list bareList: WidgetPointer) {
        sidebar = lectern_drag_cache_new(bareSidebar)
        list = lectern_drag_cache_new(bareList)
    }

    /// The window's width changed.
    func widthChanged() {
        let now = g_get_monotonic_time()
        defer { lastChange = now }
        guard lastChange > 0, now - lastChange < Self.dragGap else { return }
        hold(true)
        rest?.remove()
        rest = MainLoop.timeout(milliseconds: Self.restMilliseconds) { [weak self] in
            self?.rest = nil
            self?.hold(false)
            return false
        }
    }

    private func hold(_ holding: Bool) {
        for pane in [sidebar, list] { lectern_drag_cache_set_holding(OpaquePointer(pane), holding ? 1 : 0) }
    }

    isolated deinit {
        rest?.remove()
    }
}
