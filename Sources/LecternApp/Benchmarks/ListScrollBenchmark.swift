import CGtk4
import Foundation
import GtkBridge

/// `make bench`'s scrolling measurement, run inside the real app when
/// `LECTERN_BENCH_SCROLL_FRAMES=N` is set: after the first frame, scroll the article list
/// down by `LECTERN_BENCH_SCROLL_STEP` pixels every frame (`page`, the default, is a
/// list's height: a fast fling, every row new each frame) for N frames, and time each
/// frame's own work (its frame clock's before-paint to after-paint). Prints one JSON line
/// on stdout and quits. Not a user feature, so not a command-line flag.
@MainActor
final class ListScrollBenchmark {
    private let window: WidgetPointer
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    private let frames: Int
    private let step: Double?
    private let finish: @MainActor () -> Void
    private var work: [Double] = []
    private var retained: ListScrollBenchmark?

    static var requestedFrames: Int? {
        ProcessInfo.processInfo.environment["LECTERN_BENCH_SCROLL_FRAMES"].flatMap(Int.init).map { max($0, 1) }
    }

    /// Pixels per frame; nil for a page.
    private static var requestedStep: Double? {
        ProcessInfo.processInfo.environment["LECTERN_BENCH_SCROLL_STEP"].flatMap(Double.init).map { max($0, 1) }
    }

    init(window: WidgetPointer, adjustment: UnsafeMutablePointer<GtkAdjustment>, frames: Int, finish: @escaping @MainActor () -> Void) {
        self.window = window
        self.adjustment = adjustment
        self.frames = frames
        self.step = Self.requestedStep
        self.finish = finish
    }

    func start() {
        retained = self
        FrameTimes.timeEachFrame(of: window, begin: { [self] in scroll() },
                                 frameDone: { [self] in frameEnded($0) }, failed: finish)
    }

    private func scroll() {
        let page = gtk_adjustment_get_page_size(adjustment)
        let end = gtk_adjustment_get_upper(adjustment) - page
        let next = gtk_adjustment_get_value(adjustment) + (step ?? page)
        gtk_adjustment_set_value(adjustment, next > end ? 0 : next)
    }

    private func frameEnded(_ milliseconds: Double) {
        work.append(milliseconds)
        guard work.count >= frames else { return scroll() }
        report()
    }

    private func report() {
        let line = String(format: "{\"bench\":\"list-scroll\",\"display\":\"%@\",\"step\":\"%@\",\"frames\":%d,"
            + "\"frame_work_median_ms\":%.2f,\"frame_work_p95_ms\":%.2f,\"frame_work_max_ms\":%.2f}",
            FrameTimes.display, step.map { "\(Int($0))px" } ?? "page", work.count,
            FrameTimes.percentile(work, 0.5), FrameTimes.percentile(work, 0.95), work.max() ?? 0)
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
        retained = nil
        finish()
    }
}
