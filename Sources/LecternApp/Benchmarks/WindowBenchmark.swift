import Foundation

/// `make bench`'s measurements of the running window, the one way they enter the app.
/// Each is asked for by an environment variable (not a user feature, so not a flag), runs
/// after the first frame, prints one JSON line on stdout and quits. While one runs, the
/// window does not refresh by itself.
@MainActor
enum WindowBenchmark {
    /// `LECTERN_BENCH_THEME_SWITCHES`, `LECTERN_BENCH_SCROLL_FRAMES`, `LECTERN_BENCH_SCROLL_ROWS`
    /// or `LECTERN_BENCH_RESIZE_FRAMES`.
    static var isRequested: Bool {
        ThemeSwitchBenchmark.requestedSwitches != nil || ListScrollBenchmark.requestedFrames != nil
            || ScrollBenchmark.requestedRows != nil || ResizeBenchmark.requestedFrames != nil
    }

    /// Starts the benchmark the environment asks for in the new `window`.
    static func start(in window: MainWindow, quit: @escaping @MainActor () -> Void,
                      applyTheme: @escaping @MainActor (String) -> Void) {
        if let rows = ScrollBenchmark.requestedRows, let list = window.session?.list {
            ScrollBenchmark.run(window: window.window, list: list, rows: rows, finish: quit)
        }
        if let frames = ListScrollBenchmark.requestedFrames, let adjustment = window.session?.list.verticalAdjustment {
            ListScrollBenchmark(window: window.window, adjustment: adjustment, frames: frames, finish: quit).start()
        }
        if let frames = ResizeBenchmark.requestedFrames {
            ResizeBenchmark(window: window, frames: frames, finish: quit).start()
        }
        if let switches = ThemeSwitchBenchmark.requestedSwitches {
            if ThemeSwitchBenchmark.whileReading { window.session?.list.select(0) }
            ThemeSwitchBenchmark(window: window.window, switches: switches,
                                 apply: applyTheme,
                                 finish: quit).start()
        }
    }
}
