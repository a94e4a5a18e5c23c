import CGtk4

/// Work done at the start of a window's next frame (a GTK tick callback), before the frame
/// lays out and paints: a change made there is in that very frame, and changes asked for
/// several times between two frames are made once.
public enum FrameTick {
    private typealias Thunk = @convention(c) (WidgetPointer?, OpaquePointer?, RawPointer?) -> gboolean
    private static let thunk: Thunk = { _, _, data in
        let body = ClosureBox<@MainActor () -> Void>.from(data)
        MainActor.assumeIsolated { body() }
        return 0   // G_SOURCE_REMOVE: once
    }
    private static let destroyBox: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    /// Runs `body` once, at the start of the next frame of the first of `widgets` that is on
    /// screen; when none is (nothing drawn meanwhile), once the main loop is idle.
    @MainActor
    public static func once(onFrameOf widgets: [WidgetPointer?], _ body: @escaping @MainActor () -> Void) {
        guard let widget = widgets.compactMap({ $0 }).first(where: { gtk_widget_get_mapped($0) != 0 }) else {
            MainLoop.idleOnce(body)
            return
        }
        _ = gtk_widget_add_tick_callback(widget, thunk, ClosureBox(body).retainedPointer, destroyBox)
    }
}
