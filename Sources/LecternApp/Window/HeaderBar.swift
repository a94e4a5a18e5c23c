import CGtk4
import GtkBridge
import Localization

/// The header bar: the narrow layouts' Back and sidebar buttons, add feed and refresh at the
/// start, the main menu at the end. The title gives way first when the window is narrow.
@MainActor
enum HeaderBar {
    static func make(navigation: [WidgetPointer], addFeed: WidgetPointer, refresh: WidgetPointer) -> WidgetPointer {
        let bar = created(gtk_header_bar_new())
        let typed = OpaquePointer(bar)
        let title = Widgets.label("Lectern", classes: ["window-title"], xalign: 0.5)
        gtk_label_set_ellipsize(OpaquePointer(title), PANGO_ELLIPSIZE_END)
        gtk_header_bar_set_title_widget(typed, title)
        for button in navigation { gtk_header_bar_pack_start(typed, button) }
        gtk_header_bar_pack_start(typed, addFeed)
        gtk_header_bar_pack_start(typed, refresh)
        gtk_header_bar_pack_end(typed, mainMenuButton())
        Widgets.addClasses(bar, ["app-header"])
        return bar
    }

    private static func mainMenuButton() -> WidgetPointer {
        let menu = Menu()
        let sections: [[(String, String)]] = [
            [(tr("New Folder…"), "app.new-folder"), (tr("Import OPML…"), "app.import-opml"),
             (tr("Export OPML…"), "app.export-opml"), (tr("Add Sync Account…"), "app.add-account")],
            [(tr("Mark All as Read"), "app.mark-all-read"), (tr("Themes…"), "app.themes"),
             (tr("Preferences"), "app.preferences")],
            [(tr("Keyboard Shortcuts"), "app.shortcuts"), (tr("About Lectern"), "app.about"), (tr("Quit"), "app.quit")],
        ]
        for items in sections {
            let section = Menu()
            for (title, action) in items { section.append(title, action: action) }
            menu.appendSection(section)
        }
        let button = created(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(OpaquePointer(button), menu.model)
        Accessibility.name(button, tr("Main Menu"))
        return button
    }
}
