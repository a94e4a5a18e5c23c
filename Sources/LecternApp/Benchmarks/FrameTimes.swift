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
