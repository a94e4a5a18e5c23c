import CGtk4
import GtkBridge
import Localization

/// The reader pane: the selected article, or a calm placeholder.
@MainActor
enum ReaderPane {
    static func make() -> WidgetPointer {
        let empty = EmptyState.make(icon: "lectern-reader-symbolic",
                                    title: tr("Select an Article"),
                                    body: tr("Pick an article from the list to read it here."))
        let pane = Widgets.box(GTK_ORIENTATION_VERTICAL, classes: ["reader"], [empty])
        gtk_widget_set_size_request(pane, ReaderController.minimumWidth, -1)
        return pane
    }
}
