import CGtk4
import CLecternWidgets
import Foundation
import GtkBridge

/// `make bench`'s resize measurement, run inside the real app when
/// `LECTERN_BENCH_RESIZE_FRAMES=N` is set: after the first frame, with the first article open,
/// the window's width changes every frame as a drag of its edge would — from 1200 px down to
/// 360 and back, `LECTERN_BENCH_RESIZE_STEP` px a frame (default 16) — across both breakpoints
/// each way, for N frames; each frame's own work is timed (before-paint to after-paint, which
/// holds the layout). The pointer is off the window, as the window manager holds it on the
/// dragged edge. Then it times the frames of the width's rest (until a while after
/// `WidthChanges` says it rested: the reader lays out the rest of its article then). Prints one
/// JSON line: all frames of the drag, the frames where the layout changed, and those of the rest.
@MainActor
final class ResizeBenchmark {
    private let window: MainWindow
    private let frames: Int
    private let step: Int
    private let finish: @MainActor () -> Void
    private var width = 1200
    private var direction = -1
    private var work: [Double] = []
    private var widths: [Int] = []
    private var crossings: [Double] = []
    /// The frames after the drag (nil while it goes on).
    private var afterRest: [Double]?
    private var layoutBefore = ""
    private var retained: ResizeBenchmark?
    /// The window's size before the drag, given back at the end: the size is saved on quit, and
    /// the next measurement with the same settings (`make bench` runs several) would start narrow.
    private var sizeBefore: (width: Int32, height: Int32) = (-1, -1)

    static let widest = 1200, narrowest = 360

    static var requestedFrames: Int? {
        ProcessInfo.processInfo.environment["LECTERN_BENCH_RESIZE_FRAMES"].flatMap(Int.init).map { max($0, 1) }
    }

    init(window: MainWindow, frames: Int, finish: @escaping @MainActor () -> Void) {
        self.window = window
        self.frames = frames
        step = ProcessInfo.processInfo.environment["LECTERN_BENCH_RESIZE_STEP"].flatMap(Int.init).map { max($0, 1) } ?? 16
        self.finish = finish
    }

    func start() {
        retained = self
        window.session?.list.select(0)
        lectern_pointer_away(window.window)
        var before: (width: Int32, height: Int32) = (-1, -1)
        gtk_window_get_default_size(cast(window.window), &before.width, &before.height)
        sizeBefore = before
        gtk_window_set_default_size(cast(window.window), Int32(width), 700)
        // The article open and on screen a moment before the drag, as a reader's would be (its
        // first layout is no frame of the drag).
        _ = MainLoop.timeout(milliseconds: Self.settleMilliseconds) { [self] in
            FrameTimes.timeEachFrame(of: window.window, begin: { [self] in resize() },
                                     frameDone: { [self] in frameEnded($0) }, failed: finish)
            return false
        }
    }

    /// Longer than the width's rest (`WidthChanges`), so the drag begins afresh.
    static let settleMilliseconds: UInt32 = WidthChanges.restMilliseconds + 300

    private func resize() {
        if width + direction * step < Self.narrowest || width + direction * step > Self.widest { direction = -direction }
        width += direction * step
        layoutBefore = window.paneLayout.rawValue
        gtk_window_set_default_size(cast(window.window), Int32(width), 700)
    }

    private func frameEnded(_ milliseconds: Double) {
        if afterRest != nil { return afterRest!.append(milliseconds) }
        work.append(milliseconds)
        widths.append(width)
        if window.paneLayout.rawValue != layoutBefore { crossings.append(milliseconds) }
        guard work.count >= frames else { return resize() }
        afterRest = []
        _ = MainLoop.timeout(milliseconds: Self.restWatchMilliseconds) { [self] in
            report()
            return false
        }
    }

    /// How long the frames after the drag are timed: the width's rest, and what follows it.
    static let restWatchMilliseconds: UInt32 = WidthChanges.restMilliseconds + 1000

    private func report() {
        let line = String(format: "{\"bench\":\"window-resize\",\"display\":\"%@\",\"step_px\":%d,\"frames\":%d,"
            + "\"frame_work_median_ms\":%.2f,\"frame_work_p95_ms\":%.2f,\"frame_work_p99_ms\":%.2f,\"frame_work_max_ms\":%.2f,"
            + "\"frames_over_8_ms\":%d,\"layout_changes\":%d,\"layout_change_frame_max_ms\":%.2f,"
            + "\"after_rest_frames\":%d,\"after_rest_frame_max_ms\":%.2f}",
            FrameTimes.display, step, work.count, FrameTimes.percentile(work, 0.5), FrameTimes.percentile(work, 0.95),
            FrameTimes.percentile(work, 0.99), work.max() ?? 0, work.filter { $0 > 8 }.count, crossings.count, crossings.max() ?? 0,
            afterRest?.count ?? 0, afterRest?.max() ?? 0)
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
        if let path = ProcessInfo.processInfo.environment["LECTERN_BENCH_RESIZE_EACH"] {
            let rows = zip(widths, work).map { String(format: "%d %.2f", $0, $1) } + (afterRest ?? []).map { String(format: "rest %.2f", $0) }
            try? (rows.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        gtk_window_set_default_size(cast(window.window), sizeBefore.width, sizeBefore.height)
        retained = nil
        finish()
    }
}
