import CGtk4
import CLecternWidgets
import GtkBridge

/// Widgets in a line that carries over onto more lines when it does not fit, as words wrap:
/// the reader's Open in Browser, Load Full Article, star and labels under an article's title,
/// at 360 px or in German (`Sources/CLecternWidgets/include/lectern_wrap_box.h`).
@MainActor
enum WrapBox {
    /// `centred`: each line in the middle of the width (else from the start edge).
    static func make(spacing: Int32, lineSpacing: Int32, centred: Bool = false, classes: [String] = [],
                     _ children: [WidgetPointer]) -> WidgetPointer {
        let box = created(lectern_wrap_box_new(spacing, lineSpacing))
        lectern_wrap_box_set_centred(OpaquePointer(box), centred ? 1 : 0)
        Widgets.addClasses(box, classes)
        for child in children { lectern_wrap_box_append(OpaquePointer(box), child) }
        return box
    }

    /// How many lines the children took at the last layout.
    static func lines(_ box: WidgetPointer) -> Int {
        Int(lectern_wrap_box_get_lines(OpaquePointer(box)))
    }
}
