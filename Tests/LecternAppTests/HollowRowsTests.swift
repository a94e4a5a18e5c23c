import CGtk4
import GtkBridge
import Testing
@testable import LecternApp

/// Rows hollowed out for a theme switch keep their height and all come back, nearest
/// first, over the frames that follow — or at once when they are shown again.
@Suite("Hollow rows", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct HollowRowsTests {
    @Test func hollowedRowsKeepTheirHeightAndComeBackAfterPainting() throws {
        try #require(gtk_init_check() != 0)
        let contents = (0..<50).map { Widgets.label("Row \($0)") }
        let holders = contents.map { Widgets.box(GTK_ORIENTATION_VERTICAL, [$0]) }
        let column = Widgets.box(GTK_ORIENTATION_VERTICAL, holders)
        let window = gtk_window_new()!
        gtk_window_set_child(cast(window), column)
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let laidOut = MainLoop.iterate(until: { gtk_widget_get_height(holders[0]) > 0 }, timeout: 5)
        try #require(laidOut)
        let heights = holders.map(gtk_widget_get_height)

        let hollow = HollowRows()
        for (index, content) in contents.enumerated() where index >= 10 {
            hollow.hollowOut(content, holder: holders[index], height: heights[index], distance: Double(index))
        }
        let allHidden = contents[10...].allSatisfy { gtk_widget_get_visible($0) == 0 }
        #expect(allHidden)
        hollow.fillIn(contents[42])
        #expect(gtk_widget_get_visible(contents[42]) != 0, "a row about to be shown comes back at once")

        hollow.refill(after: window)
        gtk_widget_queue_draw(window)
        // The nearest rows come back in the first batch, before the farthest.
        let nearestBack = MainLoop.iterate(until: { gtk_widget_get_visible(contents[10]) != 0 }, timeout: 5)
        #expect(nearestBack)
        #expect(gtk_widget_get_visible(contents[49]) == 0, "all rows came back in one frame")
        let allBack = MainLoop.iterate(until: { hollow.isEmpty }, timeout: 5)
        #expect(allBack, "some rows never came back")
        let allVisible = contents.allSatisfy { gtk_widget_get_visible($0) != 0 }
        #expect(allVisible)
        let relaidOut = MainLoop.iterate(until: { gtk_widget_get_height(holders[49]) > 0 }, timeout: 5)
        try #require(relaidOut)
        let heightsAfter = holders.map(gtk_widget_get_height)
        #expect(heightsAfter == heights, "a row changed height")
        let released = holders.allSatisfy { holder in
            var width: Int32 = 0, height: Int32 = 0
            gtk_widget_get_size_request(holder, &width, &height)
            return height == -1
        }
        #expect(released, "a row kept its held height")
    }

    /// The frame that shows a new theme restyles the window once more right after (GTK's
    /// transitions come back on), so rows brought back then would be restyled twice over:
    /// the first batch waits for the second frame, which comes even if nothing else moves.
    @Test func theFirstBatchWaitsForTheSecondFramePainted() throws {
        try #require(gtk_init_check() != 0)
        let contents = (0..<30).map { Widgets.label("Row \($0)") }
        let holders = contents.map { Widgets.box(GTK_ORIENTATION_VERTICAL, [$0]) }
        let window = gtk_window_new()!
        gtk_window_set_child(cast(window), Widgets.box(GTK_ORIENTATION_VERTICAL, holders))
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let laidOut = MainLoop.iterate(until: { gtk_widget_get_height(holders[0]) > 0 }, timeout: 5)
        try #require(laidOut)

        let hollow = HollowRows()
        for (index, content) in contents.enumerated() where index >= 5 {
            hollow.hollowOut(content, holder: holders[index], height: gtk_widget_get_height(holders[index]), distance: Double(index))
        }
        let clock = try #require(gtk_widget_get_frame_clock(window))
        hollow.refill(after: window)
        var backAfterFrame: [Int] = [] // rows back when each frame has been painted
        let counting = connect(clock, .afterPaint) {
            backAfterFrame.append(contents[5...].filter { gtk_widget_get_visible($0) != 0 }.count)
        }
        defer { counting.disconnect() }
        gtk_widget_queue_draw(window) // the frame that shows the switch; nothing else asks for the next
        let twoFrames = MainLoop.iterate(until: { backAfterFrame.count >= 2 }, timeout: 5)
        try #require(twoFrames, "no second frame came")
        #expect(backAfterFrame[0] == 0, "rows came back in the frame that shows the switch")
        #expect(backAfterFrame[1] == HollowRows.rowsPerFrame, "the first batch did not come back after the second frame")
        let allBack = MainLoop.iterate(until: { hollow.isEmpty }, timeout: 5)
        #expect(allBack)
    }
}
