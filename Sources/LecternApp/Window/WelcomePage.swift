import CGtk4
import GtkBridge
import Localization

/// The first-run page of an empty library: add a feed, import OPML, sign in to a sync server,
/// or try the bundled sample feeds (readable offline).
@MainActor
enum WelcomePage {
    static func make() -> WidgetPointer {
        let icon = Widgets.icon("dev.lectern.Lectern", size: 96, classes: ["welcome-icon"])
        let title = Widgets.label(tr("Welcome to Lectern"), classes: ["welcome-title"], wrap: true, xalign: 0.5)
        gtk_label_set_justify(OpaquePointer(title), GTK_JUSTIFY_CENTER)
        let body = Widgets.label(tr("Follow the sites you love in one calm place. Add a site's address — Lectern finds its feed — or bring your subscriptions from another reader."),
                                 classes: ["welcome-body"], wrap: true, xalign: 0.5)
        gtk_label_set_justify(OpaquePointer(body), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(OpaquePointer(body), 52)
        // On as many centred lines as the window needs: in one line, French held it 928 px wide.
        let buttons = WrapBox.make(spacing: 10, lineSpacing: 10, centred: true, classes: ["welcome-actions"], [
            Widgets.textButton(tr("Add Feed…"), action: "app.add-feed", classes: ["primary"]),
            Widgets.textButton(tr("Import OPML…"), action: "app.import-opml", classes: ["secondary"]),
            Widgets.textButton(tr("Add Sync Account…"), action: "app.add-account", classes: ["secondary"]),
            Widgets.textButton(tr("Try the Sample Feeds"), action: "app.try-samples", classes: ["ghost"]),
        ])
        let page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 14, classes: ["welcome"], [icon, title, body, buttons])
        gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(page, GTK_ALIGN_CENTER)
        Widgets.expand(page)
        // It scrolls in a window shorter than itself (a phone held sideways) rather than hold
        // the window as tall as its wrapped buttons make it.
        return Widgets.verticalScroller(page)
    }
}
