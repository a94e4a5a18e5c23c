import CGtk4
import GtkBridge

/// F6 and Shift+F6, as in GNOME's apps: the focus moves between the window's parts — the header,
/// the sidebar, the article list, the reader — skipping a part with nothing to focus.
@MainActor
enum PaneCycle {
    /// Focuses the next (or previous) of `panes` after the one holding `window`'s focus (`enter`
    /// puts it in a pane and says whether the pane took it: its first or last control, unless
    /// told otherwise); returns the index of the pane that took it, nil when none could.
    @discardableResult
    static func move(in window: WidgetPointer, panes: [WidgetPointer], backwards: Bool,
                     enter: (WidgetPointer, GtkDirectionType) -> Bool = { gtk_widget_child_focus($0, $1) != 0 }) -> Int? {
        guard !panes.isEmpty else { return nil }
        let focus = gtk_root_get_focus(OpaquePointer(window))
        let current = focus.flatMap { focused in panes.firstIndex { $0 == focused || gtk_widget_is_ancestor(focused, $0) != 0 } }
        let start = current ?? (backwards ? 0 : panes.count - 1)
        for step in 1...panes.count {
            let index = ((start + (backwards ? -step : step)) % panes.count + panes.count) % panes.count
            if enter(panes[index], backwards ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD) { return index }
        }
        return nil
    }
}
