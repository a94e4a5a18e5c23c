import CGtk4
import GtkBridge
import Localization

/// The sidebar: smart views, then the user's folders and feeds.
@MainActor
enum SidebarPane {
    static let smartViews: [(icon: String, title: String)] = [
        ("view-list-symbolic", tr("All Articles")),
        ("mail-unread-symbolic", tr("Unread")),
        ("starred-symbolic", tr("Starred")),
        ("x-office-calendar-symbolic", tr("Today")),
    ]

    static func make() -> WidgetPointer {
        let list = created(gtk_list_box_new())
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_BROWSE)
        Widgets.addClasses(list, ["navigation-list"])
        for view in smartViews {
            let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10, classes: ["sidebar-row"], [
                Widgets.icon(view.icon, classes: ["sidebar-symbol"]),
                Widgets.label(view.title, classes: ["sidebar-title"]),
            ])
            gtk_list_box_append(OpaquePointer(list), row)
        }
        gtk_list_box_select_row(OpaquePointer(list), gtk_list_box_get_row_at_index(OpaquePointer(list), 0))

        let feedsHeading = Widgets.label(tr("Feeds"), classes: ["sidebar-heading"])
        let noFeeds = Widgets.label(tr("No subscriptions yet"), classes: ["sidebar-hint"], wrap: true)
        let column = Widgets.box(GTK_ORIENTATION_VERTICAL, classes: ["sidebar-content"],
                                 [list, feedsHeading, noFeeds])
        let scroller = Widgets.verticalScroller(column, classes: ["sidebar"])
        gtk_widget_set_size_request(scroller, 200, -1)
        return scroller
    }
}
