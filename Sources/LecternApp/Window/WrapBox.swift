import CGtk4
import CLecternWidgets
import GtkBridge

/// Widgets in a line that carries over onto more lines when it does not fit, as words wrap:
/// the reader's Open in Browser, Load Full Article, star and labels under an article's title,
/// at 360 px or in German (`Sources/CLecternWidgets/include/lectern_wrap_box.h`).
@MainActor
enum WrapBox {
    static func make(spacing: Int32, lineSpacing: Int32, classes: [String] = [], _ children: [WidgetPointer]) -> WidgetPointer {
        let box = created(lectern_wrap_box_new(spacing, lineSpacing))
        Widgets.addClasses(box, classes)
        for child in children { lectern_wrap_box_append(OpaquePointer(box), child) }
        return box
    }

    /// How many lines the children took at the last layout.
    static func lines(_ box: WidgetPointer) -> Int {
        Int(lectern_wrap_box_get_lines(OpaquePointer(box)))
    }
}
