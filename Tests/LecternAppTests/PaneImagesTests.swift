import CGtk4
import CLecternWidgets
import Foundation
import GtkBridge
import Testing
import TestSupport
@testable import LecternApp

/// While the window's edge is dragged, the sidebar and the list are drawn from an image of
/// themselves (`PaneImages`, `lectern_drag_cache.c`): pixel for pixel as they are drawn
/// otherwise, drawn again when they change, and only during a drag.
@Suite("Panes drawn from images during a drag", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct PaneImagesTests {
    /// A pane of some rows of text and symbols on the theme's ground, as in the sidebar.
    private func pane() -> (root: WidgetPointer, names: [WidgetPointer]) {
        let names = (0..<12).map { Widgets.label("Subscription \($0)") }
        let rows = names.map { Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [Widgets.icon("folder-symbolic"), $0]) }
        let root = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, classes: ["sidebar"], rows)
        return (root, names)
    }

    private func window(_ child: WidgetPointer) -> WidgetPointer {
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 240, 360)
        gtk_window_set_child(cast(window), child)
        gtk_window_present(cast(window))
        return window
    }

    private func settle() { _ = MainLoop.iterate(until: { false }, timeout: 0.3) }

    @Test func aHeldPaneLooksTheSameAndShowsWhatChangesInIt() throws {
        try #require(gtk_init_check() != 0)
        let (held, heldNames) = pane(), (plain, plainNames) = pane()
        let holder = try #require(lectern_drag_cache_new(held))
        let heldWindow = window(holder), plainWindow = window(plain)
        defer { for window in [heldWindow, plainWindow] { gtk_window_destroy(cast(window)) } }
        settle()
        let cache = OpaquePointer(holder)
        lectern_drag_cache_set_holding(cache, 1)
        settle()
        #expect(lectern_drag_cache_get_images_drawn(cache) == 1, "the pane was not drawn into an image once its size held")
        let first = try differingPixels(heldWindow, plainWindow)
        #expect(first == 0, "the image differs from the pane drawn as it is: \(first) pixels")

        // A name changed while held: drawn again, and showing it.
        for names in [heldNames, plainNames] { gtk_label_set_text(OpaquePointer(names[3]), "Renamed while held") }
        settle()
        #expect(lectern_drag_cache_get_images_drawn(cache) == 2)
        let renamed = try differingPixels(heldWindow, plainWindow)
        #expect(renamed == 0, "the held pane does not show the new name: \(renamed) pixels differ")

        // Nothing changed: no image drawn again.
        settle()
        #expect(lectern_drag_cache_get_images_drawn(cache) == 2)

        // A new size: drawn as it is, then into an image once it held.
        for window in [heldWindow, plainWindow] { gtk_window_set_default_size(cast(window), 260, 340) }
        settle()
        #expect(lectern_drag_cache_get_images_drawn(cache) == 3)
        let resized = try differingPixels(heldWindow, plainWindow)
        #expect(resized == 0, "\(resized) pixels differ at the new size")

        // Let go: the pane's own drawing again.
        lectern_drag_cache_set_holding(cache, 0)
        for names in [heldNames, plainNames] { gtk_label_set_text(OpaquePointer(names[5]), "Renamed after") }
        settle()
        #expect(lectern_drag_cache_get_images_drawn(cache) == 3)
        let letGo = try differingPixels(heldWindow, plainWindow)
        #expect(letGo == 0, "\(letGo) pixels differ once let go")
    }

    @Test func aDragIsTwoChangesInARowAndEndsWhenTheWidthRests() throws {
        let changes = WidthChanges()
        var told: [String] = []
        changes.onStart = { told.append("start") }
        changes.onDrag = { told.append("drag") }
        changes.onRest = { told.append("rest") }

        changes.changed()   // a maximize, a snap: one change
        #expect(!changes.dragging, "one change of width is no drag")
        let rested = MainLoop.iterate(until: { told.last == "rest" }, timeout: 2)
        #expect(rested && told == ["start", "rest"], "one change was told as \(told)")

        told = []
        changes.changed()
        _ = MainLoop.iterate(until: { false }, timeout: 0.15)
        changes.changed()   // another, well after it: no drag yet
        #expect(!changes.dragging)
        changes.changed()   // and one right after it: a drag
        #expect(changes.dragging, "two changes in a row are a drag")
        _ = MainLoop.iterate(until: { false }, timeout: 0.15)
        changes.changed()
        #expect(told == ["start", "drag"], "the width still changing was told as \(told)")
        let letGo = MainLoop.iterate(until: { !changes.dragging }, timeout: 2)
        #expect(letGo && told == ["start", "drag", "rest"], "the drag ended as \(told)")
    }
}
