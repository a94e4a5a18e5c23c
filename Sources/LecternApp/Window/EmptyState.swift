import CGtk4
import GtkBridge

/// A centred icon, title and explanation for a pane with nothing to show.
@MainActor
enum EmptyState {
    static func make(icon: String, title: String, body: String) -> WidgetPointer {
        let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: ["empty-state"], [
            Widgets.icon(icon, size: 64, classes: ["empty-state-icon"]),
            Widgets.label(title, classes: ["empty-state-title"], xalign: 0.5),
            bodyLabel(body),
        ])
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        Widgets.expand(box)
        return box
    }

    /// Wraps in a narrow pane, up to three lines. GTK asks a wrapping label for its width
    /// at the pane's height on every relayout (a theme switch); by default it answers by
    /// laying its text out a dozen times to find the narrowest fit. Measured as one line
    /// (its natural width) and ellipsized past three lines, it lays its text out twice.
    private static func bodyLabel(_ body: String) -> WidgetPointer {
        let label = Widgets.label(body, classes: ["empty-state-body"], wrap: true, xalign: 0.5)
        let typed = OpaquePointer(label)
        gtk_label_set_natural_wrap_mode(typed, GTK_NATURAL_WRAP_NONE)
        gtk_label_set_ellipsize(typed, PANGO_ELLIPSIZE_END)
        gtk_label_set_lines(typed, 3)
        gtk_label_set_justify(typed, GTK_JUSTIFY_CENTER)
        return label
    }
}
