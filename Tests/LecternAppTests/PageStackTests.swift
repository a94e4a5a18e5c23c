import CGtk4
import GtkBridge
import Testing
@testable import LecternApp

/// Only the page on screen is visible to GTK (so only it is measured and restyled), and
/// a cross-faded page stays until the fade is over.
@Suite("Page stack", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct PageStackTests {
    private func visible(_ widget: WidgetPointer) -> Bool { gtk_widget_get_visible(widget) != 0 }

    @Test func onlyTheShownPageIsVisible() throws {
        try #require(gtk_init_check() != 0)
        let pages = PageStack()
        let list = Widgets.label("List"), empty = Widgets.label("Nothing here", wrap: true)
        pages.add(list, name: "list")
        pages.add(empty, name: "empty")
        #expect(pages.shown == "list")
        #expect(visible(list) && !visible(empty), "a page not shown is still visible to GTK")

        pages.show("empty")
        #expect(pages.shown == "empty")
        #expect(visible(empty) && !visible(list))
        pages.show("no such page")
        #expect(pages.shown == "empty", "an unknown name changed the page")
    }

    @Test func aFadedOutPageStaysUntilTheFadeEnds() throws {
        try #require(gtk_init_check() != 0)
        let pages = PageStack(transition: GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_set_transition_duration(OpaquePointer(pages.widget), 100)
        let first = Widgets.label("First"), second = Widgets.label("Second")
        pages.add(first, name: "first")
        pages.add(second, name: "second")
        let window = gtk_window_new()!
        gtk_window_set_child(cast(window), pages.widget)
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let mapped = MainLoop.iterate(until: { gtk_widget_get_mapped(first) != 0 }, timeout: 5)
        try #require(mapped)

        pages.show("second")
        let fading = gtk_stack_get_transition_running(OpaquePointer(pages.widget)) != 0
        try #require(fading, "no cross-fade ran (animations off?)")
        #expect(visible(first), "the page fading out was hidden mid-fade")
        let hidden = MainLoop.iterate(until: { !visible(first) }, timeout: 5)
        #expect(hidden, "the page faded out was never hidden")
        #expect(visible(second) && pages.shown == "second")
    }
}
