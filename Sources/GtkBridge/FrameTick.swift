import CGtk4

/// Work done at the start of a window's next frame (a GTK tick callback), before the frame
/// lays out and paints: a change made there is in that very frame, and changes asked for
/// several times between two frames are made once.
public enum FrameTick {
    /// The work, until it has run: exactly once, whichever comes first.
    @MainActor
    private final class Pending {
        private var body: (@MainActor () -> Void)?
        var unmapped: SignalConnection?
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }

        func run() {
            guard let body else { return }
            self.body = nil
            unmapped?.disconnect()
            body()
        }

        /// The frame will not come (the window left the screen or is gone): run once idle.
        func runSoon() {
            guard body != nil else { return }
            MainLoop.idleOnce { [self] in run() }
        }
    }

    private typealias Thunk = @convention(c) (WidgetPointer?, OpaquePointer?, RawPointer?) -> gboolean
    private static let thunk: Thunk = { _, _, data in
        let pending = ClosureBox<Pending>.from(data)
        MainActor.assumeIsolated { pending.run() }
        return 0   // G_SOURCE_REMOVE: once
    }
    private static let release: GDestroyNotify = { data in
        guard let data else { return }
        let pending = ClosureBox<Pending>.from(data)
        MainActor.assumeIsolated { pending.runSoon() }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    /// Runs `body` once, at the start of the next frame of the first of `widgets` that is on
    /// screen; when none is, or that one leaves the screen before its frame, once the main
    /// loop is idle.
    @MainActor
    public static func once(onFrameOf widgets: [WidgetPointer?], _ body: @escaping @MainActor () -> Void) {
        let pending = Pending(body)
        guard let widget = widgets.compactMap({ $0 }).first(where: { gtk_widget_get_mapped($0) != 0 }) else {
            return pending.runSoon()
        }
        pending.unmapped = connect(widget, .unmap) { [pending] in pending.runSoon() }
        _ = gtk_widget_add_tick_callback(widget, thunk, ClosureBox(pending).retainedPointer, release)
    }
}
