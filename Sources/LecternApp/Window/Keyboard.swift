import CGtk4
import GtkBridge

/// Key handling helpers.
@MainActor
enum Keyboard {
    /// Runs `body` when Escape is pressed anywhere in `window`.
    static func onEscape(_ window: WidgetPointer, _ body: @escaping @MainActor () -> Void) {
        onEscape(window, unlessUnused: {
            body()
            return true
        })
    }

    /// Offers Escape, pressed anywhere in `window` and not taken by the focused control, to
    /// `body`, which says whether it used it.
    static func onEscape(_ window: WidgetPointer, unlessUnused body: @escaping @MainActor () -> Bool) {
        let controller = created(gtk_event_controller_key_new())
        connect(controller, .keyPressed) { keyval, _, _ in
            keyval == UInt32(GDK_KEY_Escape) && body()
        }
        gtk_widget_add_controller(window, controller)
    }

    /// GTK 4.8's lists make every row a Tab stop, so Tab would walk a list of hundreds row by row
    /// (GTK 4.12 added `tab-behavior` for this). In `list`, Tab and Shift+Tab run `forward` and
    /// `backward` instead, which move the focus out of it; the arrows move between rows.
    static func tabLeaves(_ list: WidgetPointer, forward: @escaping @MainActor () -> Bool,
                          backward: @escaping @MainActor () -> Bool) {
        let controller = created(gtk_event_controller_key_new())
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        connect(controller, .keyPressed) { keyval, _, state in
            let tabs = [GDK_KEY_Tab, GDK_KEY_KP_Tab, GDK_KEY_ISO_Left_Tab].map { UInt32($0) }
            guard tabs.contains(keyval), state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else { return false }
            let backwards = keyval == UInt32(GDK_KEY_ISO_Left_Tab) || state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            return backwards ? backward() : forward()
        }
        gtk_widget_add_controller(list, controller)
    }
}
