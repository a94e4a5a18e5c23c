import CGtk4
import CLecternWidgets
import GtkBridge

/// One line of text cut with an ellipsis, for rows in long lists (the article list, the
/// sidebar). Unlike a `GtkLabel` it never lays its text out to be measured, so a theme
/// switch or a scrolled list does not shape every row's text several times over
/// (`Sources/CLecternWidgets` says how).
@MainActor
enum TextLine {
    static func make(classes: [String]) -> WidgetPointer {
        let line = created(lectern_text_line_new())
        Widgets.addClasses(line, classes)
        return line
    }

    static func setText(_ line: WidgetPointer, _ text: String) {
        lectern_text_line_set_text(OpaquePointer(line), text)
    }

    static func text(_ line: WidgetPointer) -> String {
        String(cString: lectern_text_line_get_text(OpaquePointer(line)))
    }
}
