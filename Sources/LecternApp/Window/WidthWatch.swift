import CGtk4
import GtkBridge

/// GTK 4.8 has no breakpoints: a window's surface says when its width changes (a drag of its
/// edge, a maximize, a tiling, a snap to half the screen), and a window that adapts to its width
/// listens here — once when it is mapped, then at every change — before GTK lays it out again.
///
/// The width handed on is the window's own, as the user sees it: a window that draws its own
/// frame (GNOME on Wayland, or X11 with a compositor) has a surface wider by the shadow on each
/// side, where the pointer can still take hold of the edge. Breakpoints on the surface's width
/// would be off by those pixels (14 a side with GTK's own theme), and worse: the narrowest the
/// two-pane layout can be (its panes' smallest widths) plus the shadows is wider than the
/// breakpoint to one pane, so a compositor that holds the window to its smallest size would
/// never let a drag reach one pane.
@MainActor
final class WidthWatch {
    private let window: WidgetPointer
    private let changed: @MainActor (Int) -> Void
    private var surface: OpaquePointer?

    /// Follows `window`'s width for as long as the watch is kept.
    init(_ window: WidgetPointer, changed: @escaping @MainActor (Int) -> Void) {
        self.window = window
        self.changed = changed
        connect(window, .map) { [weak self] in
            guard let self, let surface = gtk_native_get_surface(OpaquePointer(window)) else { return }
            if self.surface != surface {
                self.surface = surface
                // A maximize or a tiling takes the shadows away, and may say so apart from the size.
                for property in ["width", "state"] {
                    connect(surface, .notify(property)) { [weak self] in self?.report() }
                }
            }
            report()
        }
    }

    private func report() {
        // A surface mapped before the display gave it its size says 1 px: its size is yet to come.
        guard let surface, case let width = Int(gdk_surface_get_width(surface)), width > 1 else { return }
        changed(Self.windowWidth(window, surfaceWidth: width))
    }

    /// The window's width inside its surface, as `gtk_window_set_default_size` gives it: GTK says
    /// how far in from the surface's left edge the window's content begins, which is the shadow
    /// and the window's own margin, border and padding (Adwaita's frame on an X display with no
    /// compositor: part of the window, and of its width). The shadow alone is taken off each side
    /// (the shadows of GTK's and Adwaita's windows fall straight down, and the pointer's resize
    /// border is the same on both sides).
    private static func windowWidth(_ window: WidgetPointer, surfaceWidth: Int) -> Int {
        var left = 0.0, top = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &left, &top)
        let style = gtk_widget_get_style_context(window)
        var margin = GtkBorder(), border = GtkBorder(), padding = GtkBorder()
        gtk_style_context_get_margin(style, &margin)
        gtk_style_context_get_border(style, &border)
        gtk_style_context_get_padding(style, &padding)
        let shadow = Int(left.rounded()) - Int(margin.left) - Int(border.left) - Int(padding.left)
        return max(surfaceWidth - 2 * max(shadow, 0), 1)
    }
}
