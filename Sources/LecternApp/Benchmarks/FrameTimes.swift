import CGtk4
import Foundation
import GtkBridge

/// What `make bench`'s in-app measurements share: the display they ran on, and the
/// statistics of a list of frame times (milliseconds).
enum FrameTimes {
    /// "X11" or "Wayland": GDK's display class without "Gdk" and "Display".
    @MainActor
    static var display: String {
        guard let display = gdk_display_get_default() else { return "none" }
        let instance = UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self)
        guard let gClass = instance.pointee.g_class, let name = g_type_name(gClass.pointee.g_type) else { return "unknown" }
        return String(cString: name).replacingOccurrences(of: "Gdk", with: "").replacingOccurrences(of: "Display", with: "")
    }

    /// The value below which `fraction` of `values` lie (0.5: the median); 0 when empty.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    /// Once `window` has painted its first frame, runs `begin`, then hands `frameDone` each
    /// frame's own work in milliseconds (its frame clock's before-paint to after-paint, which
    /// holds the layout); runs `failed` when there is no clock.
    @MainActor
    static func timeEachFrame(of window: WidgetPointer, begin: @escaping @MainActor () -> Void,
                              frameDone: @escaping @MainActor (Double) -> Void, failed: @escaping @MainActor () -> Void) {
        let start = FrameStart()
        afterFirstFrame(of: window, watch: { clock in
            connect(clock, .beforePaint) { start.time = g_get_monotonic_time() }
            connect(clock, .afterPaint) {
                guard start.time > 0 else { return }
                let milliseconds = Double(g_get_monotonic_time() - start.time) / 1000
                start.time = 0
                frameDone(milliseconds)
            }
        }, begin: begin, failed: failed)
    }

    /// When the frame being timed began (0: none is).
    @MainActor
    private final class FrameStart {
        var time: gint64 = 0
    }

    /// Once `window` has painted its first frame, hands its frame clock to `watch` (to
    /// connect to its signals), then runs `begin`; runs `failed` when there is no clock.
    @MainActor
    static func afterFirstFrame(of window: WidgetPointer, watch: @escaping @MainActor (UnsafeMutableRawPointer) -> Void,
                                begin: @escaping @MainActor () -> Void, failed: @escaping @MainActor () -> Void) {
        WidgetCapture.afterFirstFrame(of: window) {
            guard let clock = gtk_widget_get_frame_clock(window) else { return failed() }
            watch(UnsafeMutableRawPointer(clock))
            begin()
        }
    }
}
