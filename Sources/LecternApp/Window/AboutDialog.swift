import CGtk4
import GtkBridge
import Localization

/// The About window: Lectern's icon, name, version, what it is, its website and its licence.
/// Lectern's own rather than GtkAboutDialog, which GTK 4.8 holds to its natural width (430 px,
/// resizable or not): this one scrolls like the other dialogs and fits a phone's 360 px.
@MainActor
enum AboutDialog {
    static let website = "https://lectern.dev"
    static let license = "https://www.gnu.org/licenses/gpl-3.0.html"

    static func present(parent: WidgetPointer?) {
        let window = created(gtk_window_new())
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        gtk_window_set_title(gtkWindow, tr("About Lectern"))
        if let parent {
            gtk_window_set_transient_for(gtkWindow, cast(parent))
            gtk_window_set_modal(gtkWindow, 1)
        }
        let icon = created(gtk_image_new_from_icon_name(LecternVersion.applicationID))
        gtk_image_set_pixel_size(OpaquePointer(icon), 128)
        Accessibility.setLabel(icon, "Lectern")
        let centred = [
            Widgets.label("Lectern", classes: ["about-name"], xalign: 0.5, role: GTK_ACCESSIBLE_ROLE_HEADING),
            Widgets.label(LecternVersion.string, classes: ["dim-label"], xalign: 0.5),
            Widgets.label(tr("A calm, themeable feed reader for GNOME."), wrap: true, xalign: 0.5),
            link(website, label: website),
            Widgets.label(tr("This program comes with absolutely no warranty."), classes: ["dim-label"], wrap: true, xalign: 0.5),
            link(license, label: tr("GNU General Public License, version 3 or later")),
        ]
        for widget in centred {
            gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
            if Widgets.typeName(widget) == "GtkLabel" { gtk_label_set_justify(OpaquePointer(widget), GTK_JUSTIFY_CENTER) }
        }
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, classes: ["preferences"], [icon] + centred)
        gtk_window_set_child(gtkWindow, Widgets.dialogScroller(content))
        Keyboard.onEscape(window) { gtk_window_close(gtkWindow) }
        gtk_window_present(gtkWindow)
    }

    /// A link that opens in the browser (GtkLinkButton asks the desktop through the portal).
    private static func link(_ address: String, label: String) -> WidgetPointer {
        let button = created(gtk_link_button_new_with_label(address, label))
        if let child = gtk_button_get_child(cast(button)), Widgets.typeName(child) == "GtkLabel" {
            gtk_label_set_wrap(OpaquePointer(child), 1)
            gtk_label_set_justify(OpaquePointer(child), GTK_JUSTIFY_CENTER)
        }
        return button
    }
}
