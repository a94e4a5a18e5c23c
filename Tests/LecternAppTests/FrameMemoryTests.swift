import CGtk4
import CLecternWidgets
import Foundation
import GtkBridge
import Testing
@testable import LecternApp

/// A software-drawn X11 window hands each frame to the X server through shared memory.
/// cairo made a new segment for every full frame (and took a page fault on each page of it):
/// more than half of a theme switch's paint. With `lectern_keep_frame_memory` the window's
/// frames reuse one segment for as long as the window's size fits it.
@Suite("Frame memory", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct FrameMemoryTests {
    private struct Segment: Hashable {
        let id: Int
        let bytes: Int
    }

    /// The System V shared-memory segments this process has attached: in /proc/self/maps, a
    /// segment is a `/SYSV…` mapping whose inode column is its id.
    private func attachedSegments() -> Set<Segment> {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        return Set(maps.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[5].hasPrefix("/SYSV"), let id = Int(fields[4]) else { return nil }
            let range = fields[0].split(separator: "-").compactMap { Int($0, radix: 16) }
            guard range.count == 2 else { return nil }
            return Segment(id: id, bytes: range[1] - range[0])
        })
    }

    /// Redraws the whole window and waits until that frame has been painted.
    private func paintWholeWindow(_ window: WidgetPointer) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(window) else { return false }
        var painted = false
        let connection = connect(UnsafeMutableRawPointer(clock), .afterPaint) { painted = true }
        defer { connection.disconnect() }
        gtk_widget_queue_draw(window)
        return MainLoop.iterate(until: { painted }, timeout: 5)
    }

    @Test func fullFramesReuseOneSharedMemorySegment() throws {
        try #require(gtk_init_check() != 0)
        let window = gtk_window_new()!
        lectern_keep_frame_memory(cast(window))
        gtk_window_set_default_size(cast(window), 500, 400)
        gtk_window_set_child(cast(window), Widgets.label("Frames", classes: []))
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let shown = MainLoop.iterate(until: { gtk_widget_get_width(window) >= 500 }, timeout: 5)
        try #require(shown)
        try #require(paintWholeWindow(window))

        #expect(lectern_frame_memory_reserved(cast(window)) >= 500 * 400 * 4,
                "no frame-sized block is kept for a 500x400 window")
        var segmentsAfterEachFrame: [Set<Segment>] = []
        for _ in 0..<6 {
            try #require(paintWholeWindow(window))
            segmentsAfterEachFrame.append(attachedSegments())
        }
        let first = try #require(segmentsAfterEachFrame.first)
        #expect(first.contains { $0.bytes >= 500 * 400 * 4 }, "no segment that can carry a frame is kept between frames: \(first)")
        #expect(segmentsAfterEachFrame.allSatisfy { $0 == first },
                "full frames attached new segments: \(segmentsAfterEachFrame)")

        gtk_window_set_default_size(cast(window), 1200, 780)
        let grown = MainLoop.iterate(until: { gtk_widget_get_width(window) >= 1200 }, timeout: 5)
        try #require(grown)
        try #require(paintWholeWindow(window))
        #expect(lectern_frame_memory_reserved(cast(window)) >= 1200 * 780 * 4,
                "the kept block did not grow with the window")
    }
}
