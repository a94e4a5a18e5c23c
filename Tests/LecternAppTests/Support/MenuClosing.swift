import CGtk4
import GtkBridge

/// A menu a test opened, closed before the test destroys its window. An open menu holds the
/// pointer, and the pointer's crossing into it starts GTK's tooltip timer on it; GTK 4.8 stops
/// that timer when a window goes but not when a menu of the window goes with it, so half a
/// second later the timer asked an unrealized menu where the pointer was (two GTK criticals in
/// every make check). Closing the menu gives the pointer back, and that crossing stops the timer.
@MainActor
enum MenuClosing {
    static func closeBeforeItsWindowGoes(_ close: () -> Void) {
        close()
        _ = MainLoop.iterate(until: { false }, timeout: 0.2)   // the pointer's crossing out of the menu
    }
}
