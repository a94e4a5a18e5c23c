import CGtk4
import GtkBridge
import Testing
@testable import LecternApp

/// F6 moves the focus from part to part of the window, Shift+F6 back, skipping a part with
/// nothing to focus and wrapping around.
@Suite("F6 between the window's parts", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct PaneCycleTests {
    @Test func f6VisitsEachPartThatCanTakeTheFocus() throws {
        try #require(gtk_init_check() != 0)
        let header = Widgets.box(GTK_ORIENTATION_HORIZONTAL, [Widgets.textButton("Add")])
        let sidebar = Widgets.box(GTK_ORIENTATION_VERTICAL, [gtk_entry_new()])
        let empty = Widgets.box(GTK_ORIENTATION_VERTICAL, [Widgets.label("Nothing to focus")])
        let reader = Widgets.box(GTK_ORIENTATION_VERTICAL, [Widgets.textButton("Open")])
        let panes = [header, sidebar, empty, reader]
        let window = gtk_window_new()!
        gtk_window_set_child(cast(window), Widgets.box(GTK_ORIENTATION_VERTICAL, panes))
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        _ = MainLoop.iterate(until: { gtk_widget_get_mapped(window) != 0 }, timeout: 5)

        // GTK focuses the first control (in the header) when the window opens.
        gtk_widget_grab_focus(gtk_widget_get_first_child(header))
        var visited: [Int?] = []
        for _ in 0..<4 { visited.append(PaneCycle.move(in: window, panes: panes, backwards: false)) }
        #expect(visited == [1, 3, 0, 1], "forwards from the header: \(visited)")
        var back: [Int?] = []
        for _ in 0..<3 { back.append(PaneCycle.move(in: window, panes: panes, backwards: true)) }
        #expect(back == [0, 3, 1], "backwards from the sidebar: \(back)")
        let focus = try #require(gtk_root_get_focus(OpaquePointer(window)))
        #expect(gtk_widget_is_ancestor(focus, sidebar) != 0, "the focus is not in the sidebar")
    }
}
