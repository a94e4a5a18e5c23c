import CGtk4
import GtkBridge

/// The action `widget` activates, when it is a widget that can (asking any other widget is a
/// GTK critical).
@MainActor
func actionName(_ widget: WidgetPointer) -> String? {
    guard g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_actionable_get_type()) != 0 else { return nil }
    return string(gtk_actionable_get_action_name(OpaquePointer(widget)))
}
