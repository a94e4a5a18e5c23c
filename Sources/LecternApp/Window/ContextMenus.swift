import CGtk4
import GtkBridge

/// How a row's own menu opens, the same in the sidebar and the article list: a right click, a
/// long press (a finger held still; the mouse too), or the Menu key and Shift+F10 on the row
/// with the focus; and the menu itself, a popover pointing at the row.
@MainActor
enum ContextMenus {
    /// A right click or a long press on `widget` calls `open`.
    static func attach(to widget: WidgetPointer, open: @escaping @MainActor () -> Void) {
        let click = created(gtk_gesture_click_new())
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_SECONDARY))
        connect(click, .pressed) { _, _, _ in open() }
        gtk_widget_add_controller(widget, click)
        let hold = created(gtk_gesture_long_press_new())
        connect(hold, .longPressed) { _, _ in
            gtk_gesture_set_state(hold, GTK_EVENT_SEQUENCE_CLAIMED)
            open()
        }
        gtk_widget_add_controller(widget, hold)
    }

    /// The Menu key and Shift+F10 within `widget` call `open`, which says whether it had a menu to open.
    static func openFromKeyboard(in widget: WidgetPointer, open: @escaping @MainActor () -> Bool) {
        let keys = created(gtk_event_controller_key_new())
        connect(keys, .keyPressed) { keyval, _, state in
            let shifted = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            guard keyval == UInt32(GDK_KEY_Menu) || (keyval == UInt32(GDK_KEY_F10) && shifted) else { return false }
            return open()
        }
        gtk_widget_add_controller(widget, keys)
    }

    /// Shows `menu` pointing at `row`.
    static func popUp(_ menu: Menu, at row: WidgetPointer) {
        let popover = created(gtk_popover_menu_new_from_model(menu.model))
        gtk_widget_set_parent(popover, row)
        connect(popover, .closed) {
            MainLoop.idleOnce { gtk_widget_unparent(popover) }
        }
        gtk_popover_popup(cast(popover))
    }
}
