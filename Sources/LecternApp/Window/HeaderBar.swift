import CGtk4
import GtkBridge

/// The header bar: add feed and refresh at the start, the main menu at the end.
@MainActor
enum HeaderBar {
    static func make() -> WidgetPointer {
        let bar = gtk_header_bar_new()!
        let typed = OpaquePointer(bar)
        let title = Widgets.label("Lectern", classes: ["window-title"], xalign: 0.5)
        gtk_header_bar_set_title_widget(typed, title)
        gtk_header_bar_pack_start(typed, Widgets.iconButton("list-add-symbolic", tooltip: "Add Feed"))
        gtk_header_bar_pack_start(typed, Widgets.iconButton("view-refresh-symbolic", tooltip: "Refresh"))
        gtk_header_bar_pack_end(typed, mainMenuButton())
        Widgets.addClasses(bar, ["app-header"])
        return bar
    }

    private static func mainMenuButton() -> WidgetPointer {
        let menu = g_menu_new()!
        let section = g_menu_new()!
        g_menu_append(section, "Themes…", "app.themes")
        g_menu_append(section, "About Lectern", "app.about")
        g_menu_append(section, "Quit", "app.quit")
        g_menu_append_section(menu, nil, gMenuModel(section))
        g_object_unref(UnsafeMutableRawPointer(section))
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(OpaquePointer(button), gMenuModel(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
        gtk_widget_set_tooltip_text(button, "Main Menu")
        return button
    }

    private static func gMenuModel(_ menu: OpaquePointer) -> UnsafeMutablePointer<GMenuModel> {
        cast(menu)
    }
}
