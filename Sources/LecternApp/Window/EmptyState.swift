import CGtk4
import GtkBridge

/// A centred icon, title and explanation for a pane with nothing to show.
@MainActor
enum EmptyState {
    static func make(icon: String, title: String, body: String) -> WidgetPointer {
        let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: ["empty-state"], [
            Widgets.icon(icon, size: 64, classes: ["empty-state-icon"]),
            Widgets.label(title, classes: ["empty-state-title"], xalign: 0.5),
            Widgets.label(body, classes: ["empty-state-body"], wrap: true, xalign: 0.5),
        ])
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        Widgets.expand(box)
        return box
    }
}
