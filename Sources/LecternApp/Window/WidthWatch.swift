import CGtk4
import GtkBridge

/// GTK 4.8 has no breakpoints: a window's surface says when its width changes (a drag of its
/// edge, a maximize, a tiling, a snap to half the screen), and a window that adapts to its width
/// listens here — once when it is mapped, then at every change.
@MainActor
final class WidthWatch {
    private let changed: @MainActor (Int) -> Void
    private var surface: OpaquePointer?

    /// Follows `window`'s width for as long as the watch is kept.
    init(_ window: WidgetPointer, changed: @escaping @MainActor (Int) -> Void) {
        self.changed = changed
        connect(window, .map) { [weak self] in
            guard let self, let surface = gtk_native_get_surface(OpaquePointer(window)) else { return }
            if self.surface != surface {
                self.surface = surface
                connect(surface, .notify("width")) { [weak self] in
                    guard let self, let surface = self.surface else { return }
                    self.changed(Int(gdk_surface_get_width(surface)))
                }
            }
            self.changed(Int(gdk_surface_get_width(surface)))
        }
    }
}
