import CGtk4
import Foundation
import GtkBridge
import Localization

/// Shown while the library's schema is upgraded at start-up (a new Lectern reading an older
/// library): what is happening, that it happens once, and that nothing is lost meanwhile.
@MainActor
final class UpgradePage {
    let widget: WidgetPointer
    private let body: WidgetPointer

    init() {
        let spinner = created(gtk_spinner_new())
        gtk_spinner_start(OpaquePointer(spinner))
        gtk_widget_set_size_request(spinner, 32, 32)
        body = Widgets.label("", classes: ["empty-state-body"], wrap: true, xalign: 0.5)
        gtk_label_set_justify(OpaquePointer(body), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(OpaquePointer(body), 48)
        let page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["empty-state", "upgrade-page"], [
            spinner, Widgets.label(tr("Upgrading Your Library"), classes: ["empty-state-title"], xalign: 0.5), body,
        ])
        gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(page, GTK_ALIGN_CENTER)
        Widgets.expand(page)
        widget = page
    }

    /// Says how much is being carried over.
    func describe(articles: Int) {
        let text = articles == 1
            ? tr("Lectern is moving your article to this version's format. This happens once. If it cannot finish, your library stays as it was.")
            // Translators: one article has the text above; this is for other counts (in some languages 21, 31…).
            : tr("Lectern is moving your {count} article to this version's format. This happens once. If it cannot finish, your library stays as it was.",
                 plural: "Lectern is moving your {count} articles to this version's format. This happens once. If it cannot finish, your library stays as it was.",
                 count: articles)
        gtk_label_set_text(OpaquePointer(body), text)
    }
}
