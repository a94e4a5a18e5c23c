import CGtk4
import GtkBridge
import Testing
@testable import LecternApp

/// A pane with nothing to show explains itself in a few words that wrap when the pane is
/// narrow, but never run on past three lines.
@Suite("Empty state", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct EmptyStateTests {
    @Test func theExplanationWrapsInANarrowPaneUpToThreeLines() throws {
        try #require(gtk_init_check() != 0)
        let state = EmptyState.make(icon: "lectern-reader-symbolic", title: "Select an Article",
                                    body: "Pick an article from the list to read it here.")
        let body = try #require(gtk_widget_get_last_child(state))
        let window = gtk_window_new()!
        gtk_window_set_child(cast(window), state)
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let laidOut = MainLoop.iterate(until: { gtk_widget_get_width(body) > 0 }, timeout: 5)
        try #require(laidOut, "the window was never laid out")
        func height(atWidth width: Int32) -> Int32 {
            var natural: Int32 = 0
            gtk_widget_measure(body, GTK_ORIENTATION_VERTICAL, width, nil, &natural, nil, nil)
            return natural
        }
        let oneLine = height(atWidth: 1000)
        #expect(height(atWidth: 150) > oneLine, "the explanation did not wrap in a narrow pane")
        let squeezed = height(atWidth: 10)
        #expect(squeezed > oneLine * 2 && squeezed < oneLine * 4, "a very narrow pane shows \(squeezed) px, not three lines")
    }
}
