import CGtk4
import Foundation
import GtkBridge
import Theming

/// `make bench`'s theme-switch measurement, run inside the real app when
/// `LECTERN_BENCH_THEME_SWITCHES=N` is set: after the first frame, switch between two
/// themes N times and time, for each switch, the next frame's own work (its frame clock's
/// before-paint to after-paint), the delay from the switch to that frame's end, and the
/// longest of the frames that follow until the window is quiet (100 ms without a frame:
/// the list fills its off-screen rows back in then). The frame's paint (from the end of its
/// layout phase: drawing, and handing the pixels to the display server) is also reported
/// on its own. With `LECTERN_BENCH_READING=1`, the first article is open in the reader
/// during the switches. With `LECTERN_BENCH_EDIT_TOKEN=accent` (any colour token), the first
/// theme is worn throughout and that one colour is changed and changed back instead, as the
/// theme editor changes it (`ThemeController.preview`). Prints one JSON line on stdout and
/// quits. Not a user feature, so not a command-line flag.
@MainActor
final class ThemeSwitchBenchmark {
    private let window: WidgetPointer
    /// Makes switch number `n` (0, 1, …): even ones to the second theme, odd ones back.
    private let apply: @MainActor (_ n: Int) -> Void
    private let finish: @MainActor () -> Void
    private let switches: Int
    private var frameWork: [Double] = []
    private var latency: [Double] = []
    private var paint: [Double] = []
    private var layoutEnd: gint64 = 0
    private var settling: [Double] = []
    private var settleMax = 0.0
    private var quiet: MainLoop.Source?
    private var switchedAt: gint64 = 0
    private var frameStart: gint64 = 0
    private var waiting = false
    private var retained: ThemeSwitchBenchmark?

    /// The pair to alternate between (`LECTERN_BENCH_THEMES=Paper,Sepia`), Paper and Midnight by default.
    static let themes: [String] = {
        let names = (ProcessInfo.processInfo.environment["LECTERN_BENCH_THEMES"] ?? "").split(separator: ",").map(String.init)
        return names.count == 2 ? names : ["Paper", "Midnight"]
    }()

    /// The colour token to edit instead of switching themes (`LECTERN_BENCH_EDIT_TOKEN`).
    static var editedToken: ColorToken? {
        ProcessInfo.processInfo.environment["LECTERN_BENCH_EDIT_TOKEN"].flatMap(ColorToken.init(rawValue:))
    }

    /// `theme` with `token` changed to a clearly different colour in both variants.
    static func editing(_ token: ColorToken, of theme: Theme) -> Theme? {
        var colors = theme.colors
        colors[token] = colors[token].map { value in
            func changed(_ c: Color) -> Color { Color(r: c.r * 0.7, g: min(1, c.g * 0.9 + 0.1), b: min(1, c.b * 1.2 + 0.1), alpha: c.alpha) }
            return Adaptive(light: changed(value.light), dark: changed(value.dark))
        }
        return try? Theme(name: theme.name, descriptions: theme.descriptions, colors: colors, typography: theme.typography,
                          spacing: theme.spacing, radii: theme.radii, isHighContrast: theme.isHighContrast)
    }

    /// The pair to alternate between, as the report names it.
    static var pairName: String {
        guard let token = editedToken else { return themes.joined(separator: "/") }
        return "\(themes[0]) \(token.rawValue) edited"
    }

    /// Whether to switch with the first article open in the reader.
    static var whileReading: Bool { ProcessInfo.processInfo.environment["LECTERN_BENCH_READING"] == "1" }

    static var requestedSwitches: Int? {
        ProcessInfo.processInfo.environment["LECTERN_BENCH_THEME_SWITCHES"].flatMap(Int.init).map { max($0, 1) }
    }

    init(window: WidgetPointer, switches: Int, apply: @escaping @MainActor (_ n: Int) -> Void,
         finish: @escaping @MainActor () -> Void) {
        self.window = window
        self.switches = switches
        self.apply = apply
        self.finish = finish
    }

    func start() {
        retained = self
        FrameTimes.afterFirstFrame(of: window, watch: { [self] clock in
            connect(clock, .beforePaint) { [self] in if frameStart == 0 { frameStart = g_get_monotonic_time() } }
            // Connected after GTK's own handlers, so this runs when the layout is done.
            connect(clock, .layout) { [self] in layoutEnd = g_get_monotonic_time() }
            connect(clock, .afterPaint) { [self] in frameEnded() }
        }, begin: { [self] in next() }, failed: finish)
    }

    private func next() {
        guard frameWork.count < switches else { return report() }
        frameStart = 0
        waiting = true
        switchedAt = g_get_monotonic_time()
        apply(frameWork.count)
        gtk_widget_queue_draw(window)
    }

    private func frameEnded() {
        guard frameStart > 0 else { return }
        let (start, end) = (frameStart, g_get_monotonic_time())
        let work = Double(end - start) / 1000
        frameStart = 0
        if waiting {
            waiting = false
            frameWork.append(work)
            paint.append(Double(end - max(layoutEnd, start)) / 1000)
            latency.append(Double(end - switchedAt) / 1000)
            settleMax = 0
        } else {
            settleMax = max(settleMax, work)
        }
        quiet?.remove()
        quiet = MainLoop.timeout(milliseconds: 100) { [self] in
            quiet = nil
            settling.append(settleMax)
            next()
            return false
        }
    }

    private func report() {
        func median(_ values: [Double]) -> Double { FrameTimes.percentile(values, 0.5) }
        let line = String(format: "{\"bench\":\"%@\",\"display\":\"%@\",\"themes\":\"%@\",\"reading\":%@,\"switches\":%d,"
            + "\"frame_work_median_ms\":%.2f,\"frame_work_max_ms\":%.2f,\"paint_median_ms\":%.2f,"
            + "\"switch_to_frame_end_median_ms\":%.2f,\"following_frames_max_median_ms\":%.2f}",
            Self.editedToken == nil ? "theme-switch" : "theme-edit", FrameTimes.display, Self.pairName,
            Self.whileReading ? "true" : "false", switches, median(frameWork), frameWork.max() ?? 0,
            median(paint), median(latency), median(settling))
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
        retained = nil
        finish()
    }
}
