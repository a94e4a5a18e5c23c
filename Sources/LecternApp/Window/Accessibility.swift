import CGtk4
import GtkBridge

/// Screen-reader labels (variadic in C, so set through a GValue).
@MainActor
enum Accessibility {
    static func setLabel(_ widget: WidgetPointer, _ label: String) {
        var value = GValue()
        g_value_init(&value, lectern_type_string())
        g_value_set_string(&value, label)
        var property = GTK_ACCESSIBLE_PROPERTY_LABEL
        gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &value)
        g_value_unset(&value)
    }
}
