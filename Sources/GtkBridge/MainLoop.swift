import CGtk4
import Glibc

/// Idle and timeout callbacks on the GLib main loop, and a way to iterate it (tests,
/// short nested waits). Callbacks run on the main actor; their closures are released
/// when the source is removed.
public enum MainLoop {
    private typealias SourceThunk = @convention(c) (RawPointer?) -> gboolean
    private static let destroyBox: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }
    private static let sourceThunk: SourceThunk = { data in
        let body = ClosureBox<@MainActor () -> Bool>.from(data)
        return MainActor.assumeIsolated { body() } ? 1 : 0
    }

    /// Runs `body` when the loop is idle, again while it returns true.
    @MainActor @discardableResult
    public static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE,
                            _ body: @escaping @MainActor () -> Bool) -> Source {
        let id = g_idle_add_full(priority, sourceThunk, ClosureBox(body).retainedPointer, destroyBox)
        return Source(id: id)
    }

    /// Runs `body` once when the loop is next idle.
    @MainActor @discardableResult
    public static func idleOnce(_ body: @escaping @MainActor () -> Void) -> Source {
        idle { body(); return false }
    }

    /// Runs `body` every `milliseconds`, for as long as it returns true.
    @MainActor @discardableResult
    public static func timeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> Source {
        let id = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, sourceThunk,
                                    ClosureBox(body).retainedPointer, destroyBox)
        return Source(id: id)
    }

    /// Runs `body` on the main loop whenever the process receives `signal` (e.g. SIGTERM),
    /// instead of the signal's default action. The signal is unblocked first: a process
    /// spawned from a thread that blocks signals (libdispatch workers do) inherits the mask.
    @MainActor @discardableResult
    public static func onUnixSignal(_ signal: Int32, _ body: @escaping @MainActor () -> Void) -> Source {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        let id = g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, sourceThunk,
                                        ClosureBox<@MainActor () -> Bool>({ body(); return true }).retainedPointer,
                                        destroyBox)
        return Source(id: id)
    }

    /// Iterates the default main context until `condition` holds or `seconds` pass.
    /// Returns whether the condition held. For tests and tightly bounded waits only.
    @MainActor @discardableResult
    public static func iterate(until condition: @MainActor () -> Bool, timeout seconds: Double) -> Bool {
        let deadline = seconds.isFinite ? g_get_monotonic_time() + gint64(seconds * 1_000_000) : gint64.max
        let wakeUp = timeout(milliseconds: 20) { true }   // never block past the deadline
        defer { wakeUp.remove() }
        while !condition() {
            if g_get_monotonic_time() >= deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// A registered idle or timeout source.
    public struct Source: Sendable {
        public let id: guint
        /// Removes the source if it is still registered.
        @MainActor public func remove() {
            if id != 0, g_main_context_find_source_by_id(nil, id) != nil { g_source_remove(id) }
        }
    }
}
