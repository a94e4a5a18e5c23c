import CGtk4

/// Renders a widget to a PNG file with its own renderer, as it looks on screen.
public enum WidgetCapture {
    /// Runs `body` once, right after the window's first frame has been painted.
    @MainActor
    public static func afterFirstFrame(of window: WidgetPointer, _ body: @escaping @MainActor () -> Void) {
        var fired = false
        let whenMapped: @MainActor () -> Void = {
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            var connection: SignalConnection?
            connection = Signals.connect(UnsafeMutableRawPointer(clock), "after-paint") {
                guard !fired, gtk_widget_get_width(window) > 0 else { return }
                fired = true
                connection?.disconnect()
                // Leave the paint cycle before rendering again.
                MainLoop.idleOnce { body() }
            }
            gtk_widget_queue_draw(window)
        }
        if gtk_widget_get_mapped(window) != 0 {
            whenMapped()
        } else {
            var mapConnection: SignalConnection?
            mapConnection = Signals.connect(UnsafeMutableRawPointer(window), "map") {
                mapConnection?.disconnect()
                whenMapped()
            }
        }
    }

    /// Writes `widget` as a PNG of its current size to `path`; returns that size.
    @MainActor
    public static func savePNG(of widget: WidgetPointer, to path: String) throws(CaptureError) -> (width: Int, height: Int) {
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard width > 0, height > 0 else { throw .notDrawn }
        guard let native = gtk_widget_get_native(widget),
              let renderer = gtk_native_get_renderer(native) else { throw .notDrawn }
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw .notDrawn }
        defer { gsk_render_node_unref(node) }
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                     size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &bounds) else { throw .notDrawn }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard gdk_texture_save_to_png(texture, path) != 0 else { throw .cannotWrite(path: path) }
        return (Int(width), Int(height))
    }

    public enum CaptureError: Error, Sendable, Equatable, CustomStringConvertible {
        case notDrawn
        case cannotWrite(path: String)

        public var description: String {
            switch self {
            case .notDrawn: "the window has not been drawn yet"
            case .cannotWrite(let path): "cannot write \(path)"
            }
        }
    }
}
