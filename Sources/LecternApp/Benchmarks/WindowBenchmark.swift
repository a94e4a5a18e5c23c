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
    static func start(in window: MainWindow, themes: ThemesFeature, quit: @escaping @MainActor () -> Void) {
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
            let names = ThemeSwitchBenchmark.themes
            themes.applyTheme(named: names[0])
            var apply: @MainActor (Int) -> Void = { n in themes.applyTheme(named: names[n % 2 == 0 ? 1 : 0]) }
            if let token = ThemeSwitchBenchmark.editedToken, let controller = themes.controller,
               let theme = controller.current().theme, let edited = ThemeSwitchBenchmark.editing(token, of: theme) {
                // As the editor does: the edited theme is worn as a preview, applied in the next frame.
                apply = { n in controller.preview = (n % 2 == 0 ? edited : theme, controller.scheme) }
            }
            ThemeSwitchBenchmark(window: window.window, switches: switches, apply: apply, finish: quit).start()
        }
    }
}
