import Foundation
import Testing
import TestSupport

/// A software-drawn X11 window hands each frame to the X server through shared memory.
/// cairo made a new segment for every full frame (and took a page fault on each page of it):
/// more than half of a theme switch's paint. Lectern's window keeps one segment for its
/// frames (`lectern_keep_frame_memory`): theme switches, which repaint the whole window,
/// all go through the same segment, and it is there between frames.
@Suite("Frame memory", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct FrameMemoryTests {
    private struct Segment: Hashable {
        let id: Int
        let bytes: Int
    }

    /// The System V shared-memory segments process `pid` has attached: in /proc/PID/maps, a
    /// segment is a `/SYSV…` mapping whose inode column is its id.
    private static func attachedSegments(of pid: Int32) -> Set<Segment> {
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else { return [] }
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[5].hasPrefix("/SYSV"), let id = Int(fields[4]) else { return nil }
            let range = fields[0].split(separator: "-").compactMap { Int($0, radix: 16) }
            guard range.count == 2 else { return nil }
            return Segment(id: id, bytes: range[1] - range[0])
        })
    }

    @Test func theWindowsFramesGoThroughOneSegmentKeptBetweenThem() async throws {
        let sandbox = try await LecternSandbox()
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        #expect(await eventually(timeout: 20) { await !app.visibleWindows(titled: "Lectern").isEmpty }, "no window came up")

        // A frame of even the smallest window Lectern opens by default is over 1 MB.
        let frameBytes = 1 << 20
        var afterEachSwitch: [Set<Segment>] = []
        for theme in ["Sepia", "Paper", "Midnight", "Paper"] {
            let switched = await sandbox.run(["--theme", theme])   // forwarded: the running window repaints whole
            #expect(switched.status == 0, "\(switched.stderr)")
            try await Task.sleep(for: .milliseconds(500))
            afterEachSwitch.append(Self.attachedSegments(of: app.processIdentifier))
        }
        let first = try #require(afterEachSwitch.first)
        #expect(first.contains { $0.bytes >= frameBytes }, "no segment that can carry a frame is kept between frames: \(first)")
        #expect(afterEachSwitch.allSatisfy { $0 == first }, "theme switches attached new segments: \(afterEachSwitch)")
    }
}
