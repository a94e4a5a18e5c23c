import CGtk4
import Foundation
import GtkBridge
import Library
import Testing
import Theming
@testable import LecternApp

/// The sidebar's rows as the window changes around them: a theme switch restyles only the rows
/// in sight (those scrolled out of it, above and below, sit the switch out at their height and all
/// come back after it), and a narrow window makes them tall enough for a finger.
@Suite("Sidebar rows in a changing window", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct SidebarRestyleTests {
    /// A sidebar of `feeds` feeds on screen, 300 × 400, laid out; `done` takes it away.
    private func sidebarOnScreen(feeds: Int) throws -> (sidebar: SidebarController, rows: [WidgetPointer], done: () -> Void) {
        try #require(gtk_init_check() != 0)
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-sidebar-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try LibraryStore.open(path: folder.appending(path: "library.sqlite").path)
        for index in 0..<feeds { try store.addFeed(url: "http://127.0.0.1:9/\(index).xml", title: String(format: "Feed %03d", index)) }
        let sidebar = SidebarController(access: StoreAccess(store: store))
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 300, 400)
        gtk_window_set_child(cast(window), sidebar.widget)
        gtk_window_present(cast(window))
        let done = { gtk_window_destroy(cast(window)); try? FileManager.default.removeItem(at: folder); return }
        let list = try #require(Widgets.descendants(of: sidebar.widget).first { gtk_widget_has_css_class($0, "navigation-list") != 0 })
        let rows = Widgets.children(of: list)
        try #require(rows.count > feeds)
        let laidOut = MainLoop.iterate(until: { gtk_widget_get_height(rows[rows.count - 1]) > 0 }, timeout: 5)
        try #require(laidOut)
        return (sidebar, rows, done)
    }

    @Test func rowsOutOfSightSitOutTheSwitchAndComeBack() throws {
        let (sidebar, rows, done) = try sidebarOnScreen(feeds: 120)
        defer { done() }
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

    /// A narrow window's rows are 44 px tall at least, for a finger; a wider window's are as
    /// tall as their text and padding make them.
    @Test func aNarrowWindowsRowsAreForAFinger() throws {
        try #require(gtk_init_check() != 0)
        // Lectern's own look (the rows' padding counts): its stylesheet and Paper.
        let resources = ResourceLocator(root: LecternSandbox.packageRoot)
        let appearance = Appearance(locator: resources)
        appearance.install()
        defer { appearance.uninstall() }
        let settings = Settings()
        settings.themeName = "Paper"
        ThemeController(settings: settings, appearance: appearance, desktop: DesktopPreference(), locator: resources).apply()
        let (sidebar, rows, done) = try sidebarOnScreen(feeds: 3)
        defer { done() }
        /// The rows' heights as a finger finds them: each row's content with its padding, not its margins.
        func heights() -> [Float] {
            rows.map { row in
                var bounds = graphene_rect_t()
                _ = gtk_widget_compute_bounds(gtk_list_box_row_get_child(cast(row))!, row, &bounds)
                return bounds.size.height
            }
        }
        let usual = heights()
        try #require(usual.allSatisfy { $0 > 0 && $0 < 44 }, "rows \(usual) px tall before")
        sidebar.fingerSized = true
        let tall = MainLoop.iterate(until: { heights().allSatisfy { $0 >= 44 } }, timeout: 5)
        #expect(tall, "rows \(heights()) px tall in a narrow window, \(usual) in a wide one")
        sidebar.fingerSized = false
        let back = MainLoop.iterate(until: { heights() == usual }, timeout: 5)
        #expect(back, "rows \(heights()) px tall again, \(usual) before")
    }
}
