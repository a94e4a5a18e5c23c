import CGtk4
import Glibc

/// Lets `@MainActor` code, `Task { @MainActor in … }` and `DispatchQueue.main` run while
/// the GLib main loop owns the main thread.
///
/// libdispatch signals work queued on the main queue through an eventfd. The bridge
/// watches that fd from the GLib main context; when it becomes readable it first reads
/// the 8-byte counter (otherwise the fd stays readable and the loop spins) and then drains
/// the main queue. Nothing runs while idle.
public enum MainLoopBridge {
    @MainActor private static var sourceID: guint = 0

    /// Installs the bridge on the default main context. Idempotent.
    @MainActor
    public static func install() {
        guard sourceID == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, { fd, _, _ in
            var counter: UInt64 = 0
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return 1 // G_SOURCE_CONTINUE
        }, nil, nil)
    }

    @MainActor
    public static var isInstalled: Bool { sourceID != 0 }
}
