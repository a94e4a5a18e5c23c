import CGtk4
import GtkBridge
import Localization

/// The article list pane: a heading over the list of the selected view's articles.
@MainActor
enum ArticleListPane {
    static func make() -> WidgetPointer {
        let heading = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, classes: ["pane-header"], [
            Widgets.label(tr("All Articles"), classes: ["pane-title"]),
            Widgets.label(tr("Nothing to read yet"), classes: ["pane-subtitle"]),
        ])
        let empty = EmptyState.make(icon: "application-rss+xml-symbolic",
                                    title: tr("No Articles Yet"),
                                    body: tr("Add a feed to start reading."))
        let pane = Widgets.box(GTK_ORIENTATION_VERTICAL, classes: ["article-list"], [heading, empty])
        gtk_widget_set_size_request(pane, 280, -1)
        return pane
    }
}
