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

    /// Saves `window` as a PNG at `path` once it has been painted. A window whose contents
    /// changed right after its first frame (icons or styles arriving) can paint an empty
    /// frame; the capture then waits for the next frame, up to `attempts` frames.
    @MainActor
    public static func capture(_ window: WidgetPointer, to path: String, attempts: Int = 20,
                               completion: @escaping @MainActor (Result<(width: Int, height: Int), CaptureError>) -> Void) {
        afterFirstFrame(of: window) {
            let result = Result { () throws(CaptureError) in try savePNG(of: window, to: path) }
            if case .failure(.notDrawn) = result, attempts > 1 {
                capture(window, to: path, attempts: attempts - 1, completion: completion)
            } else {
                completion(result.map { (width: $0.width, height: $0.height) })
            }
        }
    }

    /// Writes `widget` as a PNG to `path` at the pixel size it has on screen (its size times
    /// its display's scale: twice as many pixels each way at GDK_SCALE=2); returns that size.
    @MainActor
    public static func savePNG(of widget: WidgetPointer, to path: String) throws(CaptureError) -> (width: Int, height: Int) {
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard width > 0, height > 0 else { throw .notDrawn(reason: "it has no size") }
        guard let native = gtk_widget_get_native(widget),
              let renderer = gtk_native_get_renderer(native) else { throw .notDrawn(reason: "it has no renderer") }
        let scale = max(1, gtk_widget_get_scale_factor(widget))
        let paintable = created(gtk_widget_paintable_new(widget))
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = created(gtk_snapshot_new())
        gtk_snapshot_scale(snapshot, Float(scale), Float(scale))
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw .notDrawn(reason: "it drew nothing") }
        defer { gsk_render_node_unref(node) }
        let (pixelWidth, pixelHeight) = (width * scale, height * scale)
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                     size: graphene_size_t(width: Float(pixelWidth), height: Float(pixelHeight)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &bounds) else {
            throw .notDrawn(reason: "its renderer made no image")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard gdk_texture_save_to_png(texture, path) != 0 else { throw .cannotWrite(path: path) }
        return (Int(pixelWidth), Int(pixelHeight))
    }

    public enum CaptureError: Error, Sendable, Equatable, CustomStringConvertible {
        case notDrawn(reason: String)
        case cannotWrite(path: String)

        public var description: String {
            switch self {
            case .notDrawn(let reason): "the window cannot be captured: \(reason)"
            case .cannotWrite(let path): "cannot write \(path)"
            }
        }
    }
}
