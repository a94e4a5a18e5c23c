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

    /// How many pixels of the two windows' pictures differ.
    private func differing(_ first: WidgetPointer, _ second: WidgetPointer) throws -> Int {
        var pictures: [PNGImage] = []
        for window in [first, second] {
            let path = FileManager.default.temporaryDirectory.appending(path: "pane-image-\(UUID().uuidString).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            _ = try WidgetCapture.savePNG(of: window, to: path)
            pictures.append(try #require(PNGImage(path: path)))
        }
        let (a, b) = (pictures[0], pictures[1])
        try #require(a.width == b.width && a.height == b.height, "\(a.width)x\(a.height) and \(b.width)x\(b.height)")
        return (0..<a.height).reduce(0) { count, y in count + (0..<a.width).filter { a.rgb(x: $0, y: y) != b.rgb(x: $0, y: y) }.count }
    }

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
        let first = try differing(heldWindow, plainWindow)
        #expect(first == 0, "the image differs from the pane drawn as it is: \(first) pixels")

        // A name changed while held: drawn again, and showing it.
        for names in [heldNames, plainNames] { gtk_label_set_text(OpaquePointer(names[3]), "Renamed while held") }
        settle()
        #expect(lectern_drag_cache_get_images_drawn(cache) == 2)
        let renamed = try differing(heldWindow, plainWindow)
        #expect(renamed == 0, "the held pane does not show the new name: \(renamed) pixels differ")

        // Nothing changed: no image drawn again.
        settle()
        #expect(lectern_drag_cache_get_images_drawn(cache) == 2)

        // A new size: drawn as it is, then into an image once it held.
        for window in [heldWindow, plainWindow] { gtk_window_set_default_size(cast(window), 260, 340) }
        settle()
        #expect(lectern_drag_cache_get_images_drawn(cache) == 3)
        let resized = try differing(heldWindow, plainWindow)
        #expect(resized == 0, "\(resized) pixels differ at the new size")

        // Let go: the pane's own drawing again.
        lectern_drag_cache_set_holding(cache, 0)
        for names in [heldNames, plainNames] { gtk_label_set_text(OpaquePointer(names[5]), "Renamed after") }
        settle()
        #expect(lectern_drag_cache_get_images_drawn(cache) == 3)
        let letGo = try differing(heldWindow, plainWindow)
        #expect(letGo == 0, "\(letGo) pixels differ once let go")
    }

    @Test func panesHoldOnlyWhileTheWidthKeepsChanging() throws {
        try #require(gtk_init_check() != 0)
        let images = PaneImages(sidebar: pane().root, list: pane().root)
        let holders = [images.sidebar, images.list].map { g_object_ref_sink($0); return OpaquePointer($0) }
        defer { for holder in holders { g_object_unref(UnsafeMutableRawPointer(holder)) } }
        func holding() -> Bool { holders.allSatisfy { lectern_drag_cache_get_holding($0) != 0 } }

        images.widthChanged()   // a maximize, a snap: one change
        #expect(!holding(), "one change of width is no drag")
        _ = MainLoop.iterate(until: { false }, timeout: 0.2)
        images.widthChanged()   // another, long after
        #expect(!holding())
        images.widthChanged()   // and one right after it: a drag
        #expect(holding(), "two changes in a row are a drag")
        _ = MainLoop.iterate(until: { false }, timeout: 0.15)
        images.widthChanged()
        let letGo = MainLoop.iterate(until: { !holding() }, timeout: 2)
        #expect(letGo, "the panes were not let go once the width rested")
    }
}
