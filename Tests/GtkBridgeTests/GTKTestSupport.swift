import CGtk4
import GtkBridge

/// GTK is initialised once per process, from the main actor. Tests that touch widgets,
/// CSS providers or the display call this first; under `make check` a virtual X display
/// is present.
@MainActor
enum GTKTestSupport {
    private static var initialised = false

    static func initialiseGTK() -> Bool {
        if !initialised { initialised = gtk_init_check() != 0 }
        return initialised
    }
}

/// Counts deinitialisations, to prove a closure (and what it captured) was released.
final class ReleaseTracker: @unchecked Sendable {
    nonisolated(unsafe) private(set) static var released = 0   // touched on the main actor only
    static func reset() { released = 0 }
    deinit { ReleaseTracker.released += 1 }
}
