import CGtk4
import GtkBridge

/// Key handling helpers.
@MainActor
enum Keyboard {
    /// Runs `body` when Escape is pressed anywhere in `window`.
    static func onEscape(_ window: WidgetPointer, _ body: @escaping @MainActor () -> Void) {
        let controller = created(gtk_event_controller_key_new())
        connect(controller, .keyPressed) { keyval, _, _ in
            guard keyval == UInt32(GDK_KEY_Escape) else { return false }
            body()
            return true
        }
        gtk_widget_add_controller(window, controller)
    }
}
