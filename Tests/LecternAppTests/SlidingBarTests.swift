import CGtk4
import GtkBridge
import Testing
@testable import LecternApp

/// A bar is hidden while away (so GTK neither measures nor restyles it), shown at once,
/// and hidden again when it has slid away.
@Suite("Sliding bar", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct SlidingBarTests {
    @Test func theBarIsHiddenWhileAway() throws {
        try #require(gtk_init_check() != 0)
        let bar = SlidingBar(Widgets.label("Something to know", wrap: true))
        #expect(gtk_widget_get_visible(bar.widget) == 0, "a bar nobody sees is visible to GTK")
        let window = gtk_window_new()!
        gtk_window_set_child(cast(window), Widgets.box(GTK_ORIENTATION_VERTICAL, [bar.widget, Widgets.label("Panes")]))
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }

        bar.show()
        #expect(gtk_widget_get_visible(bar.widget) != 0)
        let revealed = MainLoop.iterate(until: { gtk_revealer_get_child_revealed(OpaquePointer(bar.widget)) != 0 }, timeout: 5)
        #expect(revealed, "the bar never slid in")
        bar.hide()
        #expect(gtk_widget_get_visible(bar.widget) != 0, "hidden before it slid away")
        let hidden = MainLoop.iterate(until: { gtk_widget_get_visible(bar.widget) == 0 }, timeout: 5)
        #expect(hidden, "the bar stayed visible after sliding away")
    }

    /// Reduced motion: with the desktop's "reduce animations" (`gtk-enable-animations` false) the
    /// bar neither slides in nor out — it is there, and gone, at once — and the window's pages
    /// change without their crossfade.
    @Test func withAnimationsOffNothingSlidesOrFades() throws {
        try #require(gtk_init_check() != 0)
        let settings = try #require(gtk_settings_get_default())
        Properties.setBool(UnsafeMutableRawPointer(settings), "gtk-enable-animations", false)
        defer { gtk_settings_reset_property(settings, "gtk-enable-animations") }
        let bar = SlidingBar(Widgets.label("Something to know", wrap: true))
        let pages = PageStack(transition: GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        pages.add(Widgets.label("One"), name: "one")
        pages.add(Widgets.label("Two"), name: "two")
        let window = gtk_window_new()!
        gtk_window_set_child(cast(window), Widgets.box(GTK_ORIENTATION_VERTICAL, [bar.widget, pages.widget]))
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        _ = MainLoop.iterate(until: { gtk_widget_get_mapped(window) != 0 }, timeout: 5)

        bar.show()
        #expect(gtk_revealer_get_child_revealed(OpaquePointer(bar.widget)) != 0, "the bar slid in")
        bar.hide()
        #expect(gtk_widget_get_visible(bar.widget) == 0, "the bar slid away")
        pages.show("two")
        #expect(gtk_stack_get_transition_running(OpaquePointer(pages.widget)) == 0, "the pages crossfaded")
    }
}
