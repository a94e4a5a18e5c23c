import CGtk4
import Foundation
import GtkBridge
import Testing
import TestSupport
@testable import LecternApp

/// A long list box draws only the rows in sight and near it (`OffscreenRows`), and looks exactly
/// as it does drawing them all: at the top, scrolled to the end, and back.
@Suite("Rows out of sight", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct OffscreenRowsTests {
    private struct Sidebar {
        let window: WidgetPointer
        let scroller: WidgetPointer
        let rows: [WidgetPointer]
        let culling: OffscreenRows?
    }

    /// A 300 px tall window around a list of 120 rows, each an icon and a name.
    private func sidebar(culled: Bool) -> Sidebar {
        let list = gtk_list_box_new()!
        let rows = (0..<120).map { index -> WidgetPointer in
            let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8,
                                  [Widgets.icon("folder-symbolic"), Widgets.label("Subscription \(index)")])
            gtk_list_box_append(OpaquePointer(list), row)
            return row
        }
        let scroller = Widgets.verticalScroller(list)
        // A scrollbar always there: the overlay one fades in and out on its own clock.
        gtk_scrolled_window_set_overlay_scrolling(OpaquePointer(scroller), 0)
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 240, 300)
        gtk_window_set_child(cast(window), scroller)
        let culling = culled ? OffscreenRows(list: list, scroller: scroller) : nil
        gtk_window_present(cast(window))
        return Sidebar(window: window, scroller: scroller, rows: rows, culling: culling)
    }

    private func settle() { _ = MainLoop.iterate(until: { false }, timeout: 0.3) }

    private func picture(_ sidebar: Sidebar, _ name: String) throws -> PNGImage {
        let path = FileManager.default.temporaryDirectory.appending(path: "offscreen-\(name)-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try WidgetCapture.savePNG(of: sidebar.window, to: path)
        return try #require(PNGImage(path: path))
    }

    private func scroll(_ sidebar: Sidebar, to fraction: Double) {
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(sidebar.scroller))
        let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, end * fraction)
        settle()
    }

    @Test func aLongListDrawsOnlyWhatIsNearSightAndLooksTheSame() throws {
        try #require(gtk_init_check() != 0)
        let culled = sidebar(culled: true), whole = sidebar(culled: false)
        defer { for window in [culled.window, whole.window] { gtk_window_destroy(cast(window)) } }
        settle()
        for (fraction, place) in [(0.0, "top"), (1.0, "end"), (0.5, "middle"), (0.0, "top again")] {
            if place == "end" {
                // A name changed while its row is out of sight (a feed renamed, a count updated)
                // shows its new text once the row comes into sight.
                for sidebar in [culled, whole] { gtk_label_set_text(OpaquePointer(gtk_widget_get_last_child(sidebar.rows[118])), "Renamed") }
                settle()
            }
            scroll(culled, to: fraction)
            scroll(whole, to: fraction)
            let drawn = culled.rows.indices.filter { gtk_widget_get_mapped(culled.rows[$0]) != 0 }
            // In sight: about 15 rows of 300 px; with half a page either side, under 32 of 120.
            #expect(drawn.count > 10 && drawn.count < 32, "\(place): \(drawn.count) rows mapped")
            #expect(whole.rows.allSatisfy { gtk_widget_get_mapped($0) != 0 })
            let (a, b) = (try picture(culled, "culled-\(fraction)"), try picture(whole, "whole-\(fraction)"))
            #expect(a.width == b.width && a.height == b.height)
            let differing = (0..<min(a.height, b.height)).reduce(0) { count, y in
                count + (0..<min(a.width, b.width)).filter { x in a.rgb(x: x, y: y) != b.rgb(x: x, y: y) }.count
            }
            #expect(differing == 0, "\(place): \(differing) pixels differ from the list drawn whole")
        }
        withExtendedLifetime(culled.culling) {}
    }
}
