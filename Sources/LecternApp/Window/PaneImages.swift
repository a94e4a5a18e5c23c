import CGtk4
import CLecternWidgets
import GtkBridge

/// While the window's edge is dragged, the sidebar and the article list — which keep their size
/// beside the reader — are drawn from an image of themselves (`lectern_drag_cache.c`): without a
/// GPU GTK draws the whole window into a new buffer in every frame of a drag, and these two panes
/// were drawn whole each time, exactly as the frame before. They hold during a drag only
/// (`WidthChanges`): a maximize or a snap is one change, and would gain nothing.
@MainActor
final class PaneImages {
    /// The sidebar and the list, each in its holder: what the window arranges as those panes.
    let sidebar: WidgetPointer
    let list: WidgetPointer

    init(sidebar bareSidebar: WidgetPointer, list bareList: WidgetPointer) {
        sidebar = lectern_drag_cache_new(bareSidebar)
        list = lectern_drag_cache_new(bareList)
    }

    /// The panes drawn from images (a drag began) or as they are (the width rested).
    func hold(_ holding: Bool) {
        for pane in [sidebar, list] { lectern_drag_cache_set_holding(OpaquePointer(pane), holding ? 1 : 0) }
    }
}
