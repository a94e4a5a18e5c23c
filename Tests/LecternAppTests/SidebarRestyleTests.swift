import CGtk4
import Foundation
import GtkBridge
import Library
import Testing
@testable import LecternApp

/// A theme switch restyles only the sidebar rows in sight: those scrolled out of it, above and
/// below, sit the switch out at their height and all come back after it.
@Suite("Sidebar during a theme switch", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct SidebarRestyleTests {
    @Test func rowsOutOfSightSitOutTheSwitchAndComeBack() throws {
        try #require(gtk_init_check() != 0)
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-sidebar-restyle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try LibraryStore.open(path: folder.appending(path: "library.sqlite").path)
        for index in 0..<120 { try store.addFeed(url: "http://127.0.0.1:9/\(index).xml", title: String(format: "Feed %03d", index)) }
        let sidebar = SidebarController(access: StoreAccess(store: store))
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 300, 400)
        gtk_window_set_child(cast(window), sidebar.widget)
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let list = try #require(Widgets.descendants(of: sidebar.widget).first { gtk_widget_has_css_class($0, "navigation-list") != 0 })
        let rows = Widgets.children(of: list)
        try #require(rows.count > 120)
        let laidOut = MainLoop.iterate(until: { gtk_widget_get_height(rows[rows.count - 1]) > 0 }, timeout: 5)
        try #require(laidOut)
        let scroller = try #require(Widgets.descendants(of: sidebar.widget).first { Widgets.typeName($0) == "GtkScrolledWindow" })
        let adjustment = try #require(gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)))
        let rowHeight = Double(gtk_widget_get_height(rows[60]))
        gtk_adjustment_set_value(adjustment, rowHeight * 60)   // the middle of the list in sight
        _ = MainLoop.iterate(until: { false }, timeout: 0.2)

        /// Whether `row` is at least partly in the scroller's sight.
        func inSight(_ row: WidgetPointer) -> Bool {
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(row, scroller, &bounds) != 0 else { return false }
            return bounds.origin.y + bounds.size.height > 0 && bounds.origin.y < Float(gtk_widget_get_height(scroller))
        }
        let content = rows.map { gtk_list_box_row_get_child(cast($0))! }
        let heights = rows.map(gtk_widget_get_height)
        let seen = rows.indices.filter { inSight(rows[$0]) }
        try #require(seen.count >= 5 && seen.first! > 10 && seen.last! < rows.count - 10, "rows \(seen) in sight")

        sidebar.prepareForRestyle()
        let hollow = rows.indices.filter { gtk_widget_get_visible(content[$0]) == 0 }
        #expect(seen.allSatisfy { gtk_widget_get_visible(content[$0]) != 0 }, "a row in sight was hidden")
        #expect(hollow.contains(0) && hollow.contains(rows.count - 1), "rows above and below did not sit the switch out")
        #expect(hollow.count + seen.count == rows.count, "\(rows.count - hollow.count - seen.count) rows out of sight were restyled")
        _ = MainLoop.iterate(until: { false }, timeout: 0.05)
        #expect(rows.map(gtk_widget_get_height) == heights, "the rows' heights changed: the list moved")

        let back = MainLoop.iterate(until: { content.allSatisfy { gtk_widget_get_visible($0) != 0 } }, timeout: 5)
        #expect(back, "some rows never came back")
    }
}
