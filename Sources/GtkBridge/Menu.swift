import CGtk4

/// A `GMenu` being built: items, sections and submenus. It owns its menu; whatever shows
/// it (a menu button, a popover) takes a reference of its own.
@MainActor
public final class Menu {
    private let menu = Object(adopting: created(g_menu_new()))

    public init() {}

    /// The menu as a model for `gtk_menu_button_set_menu_model`, `gtk_popover_menu_new_from_model`.
    public var model: UnsafeMutablePointer<GMenuModel> { menu.as(GMenuModel.self) }

    /// An item running `action` (e.g. `app.quit`), with a string `target` for actions that take one.
    public func append(_ title: String, action: String, target: String? = nil) {
        let item = Object(adopting: created(g_menu_item_new(title, nil)))
        if let target {
            g_menu_item_set_action_and_target_value(item.opaquePointer, action, g_variant_new_string(target))
        } else {
            g_menu_item_set_detailed_action(item.opaquePointer, action)
        }
        g_menu_append_item(menu.opaquePointer, item.opaquePointer)
    }

    /// `section`'s items, set apart by separators.
    public func appendSection(_ section: Menu) {
        g_menu_append_section(menu.opaquePointer, nil, section.model)
    }

    /// `submenu` under an item titled `title`.
    public func appendSubmenu(_ title: String, _ submenu: Menu) {
        g_menu_append_submenu(menu.opaquePointer, title, submenu.model)
    }
}
