import CGtk4
import Foundation
import GtkBridge

/// What Lectern's small dialogs share: a form of labelled fields, the text of an entry, and a
/// status line that says what is happening or what went wrong.
@MainActor
enum DialogParts {
    /// A two-column grid: each row's label, then its field (named after the label for assistive
    /// technologies). Switches sit at the row's end; other fields fill it.
    static func form(_ rows: [(String, WidgetPointer)]) -> WidgetPointer {
        let grid = created(gtk_grid_new())
        for (index, (label, field)) in rows.enumerated() {
            let text = Widgets.label(label, classes: ["preference-title"])
            gtk_label_set_ellipsize(OpaquePointer(text), PANGO_ELLIPSIZE_NONE)
            gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
            if isSwitch(field) { gtk_widget_set_halign(field, GTK_ALIGN_END) }
            Widgets.expand(field, vertical: false)
            Accessibility.setLabel(field, label)
            gtk_grid_attach(cast(grid), text, 0, Int32(index), 1, 1)
            gtk_grid_attach(cast(grid), field, 1, Int32(index), 1, 1)
        }
        gtk_grid_set_row_spacing(cast(grid), 10)
        gtk_grid_set_column_spacing(cast(grid), 16)
        return grid
    }

    /// True for a GtkSwitch, which keeps its own width at the end of its row.
    static func isSwitch(_ widget: WidgetPointer) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_switch_get_type()) != 0
    }

    /// An entry's text without surrounding spaces.
    static func text(_ entry: WidgetPointer) -> String {
        (string(gtk_editable_get_text(OpaquePointer(entry))) ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// Shows `message` in a status label, styled as an error or not.
    static func say(_ message: String, in status: WidgetPointer, error: Bool) {
        gtk_label_set_text(OpaquePointer(status), message)
        if error { gtk_widget_add_css_class(status, "error-text") } else { gtk_widget_remove_css_class(status, "error-text") }
    }
}
