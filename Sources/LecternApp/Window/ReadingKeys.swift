import CGtk4
import GtkBridge

/// Single-letter reading keys (j/k, n, m, s, o, f, l, r, /; p, comma and period for the player). They are handled after the focused
/// widget had its chance, so typing in the search field never moves the selection.
@MainActor
enum ReadingKeys {
    static let bindings: [UInt32: String] = [
        UInt32(GDK_KEY_j): "next-article", UInt32(GDK_KEY_k): "previous-article",
        UInt32(GDK_KEY_n): "next-unread", UInt32(GDK_KEY_m): "toggle-read",
        UInt32(GDK_KEY_s): "toggle-star", UInt32(GDK_KEY_o): "open-in-browser",
        UInt32(GDK_KEY_f): "load-full-article", UInt32(GDK_KEY_l): "labels", UInt32(GDK_KEY_r): "refresh", UInt32(GDK_KEY_slash): "search",
        UInt32(GDK_KEY_p): "play-pause", UInt32(GDK_KEY_comma): "skip-back", UInt32(GDK_KEY_period): "skip-forward",
    ]

    static func attach(to window: WidgetPointer, activate: @escaping @MainActor (String) -> Void) {
        let controller = created(gtk_event_controller_key_new())
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_BUBBLE)
        connect(controller, .keyPressed) { keyval, _, state in
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue)
            guard modifiers == 0, let action = bindings[keyval], !focusIsText(in: window) else { return false }
            activate(action)
            return true
        }
        gtk_widget_add_controller(window, controller)
    }

    /// True while a text field has the keyboard focus.
    private static func focusIsText(in window: WidgetPointer) -> Bool {
        guard let focus = gtk_root_get_focus(OpaquePointer(window)) else { return false }
        return g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(focus)), gtk_editable_get_type()) != 0
            || g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(focus)), gtk_text_get_type()) != 0
    }
}
