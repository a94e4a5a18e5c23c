import CGtk4
import GtkBridge

/// Holds an article picture at the size a reader expects: the column's width, or the
/// image's natural width when that is narrower (never upscaled), and exactly the height
/// the image's aspect ratio gives that width — no blank bands above or below. The size
/// comes from the picture's paintable: a placeholder of the article's stated size until
/// the image arrives, so the text below keeps its place.
enum PictureFrame {
    @MainActor
    static func wrap(_ picture: WidgetPointer) -> WidgetPointer {
        let frame = Widgets.box(GTK_ORIENTATION_VERTICAL, classes: ["picture-frame"], [picture])
        gtk_widget_set_layout_manager(frame, gtk_custom_layout_new(nil, measure, allocate))
        return frame
    }

    /// The picture's intrinsic size, when its paintable has one.
    private static func intrinsicSize(of frame: UnsafeMutablePointer<GtkWidget>?) -> (width: Int32, height: Int32)? {
        guard let picture = gtk_widget_get_first_child(frame),
              let paintable = gtk_picture_get_paintable(OpaquePointer(picture)) else { return nil }
        let width = gdk_paintable_get_intrinsic_width(paintable)
        let height = gdk_paintable_get_intrinsic_height(paintable)
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// The drawn size within `available` width.
    private static func drawn(_ size: (width: Int32, height: Int32), within available: Int32) -> (width: Int32, height: Int32) {
        let width = available < 0 ? size.width : min(available, size.width)
        return (width, Int32((Int64(width) * Int64(size.height) + Int64(size.width) / 2) / Int64(size.width)))
    }

    // GTK calls these on the main thread, during layout.
    private static let measure: GtkCustomMeasureFunc = { frame, orientation, forSize, minimum, natural, _, _ in
        guard let size = intrinsicSize(of: frame) else {
            minimum?.pointee = 0
            natural?.pointee = 0
            return
        }
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            minimum?.pointee = 0
            natural?.pointee = size.width
        } else {
            let height = drawn(size, within: forSize).height
            minimum?.pointee = height
            natural?.pointee = height
        }
    }

    private static let allocate: GtkCustomAllocateFunc = { frame, width, height, _ in
        guard let picture = gtk_widget_get_first_child(frame) else { return }
        let size = intrinsicSize(of: frame).map { drawn($0, within: width) } ?? (width: width, height: height)
        var box = GtkAllocation(x: (width - size.width) / 2, y: 0, width: size.width, height: min(size.height, height))
        gtk_widget_size_allocate(picture, &box, -1)
    }
}
