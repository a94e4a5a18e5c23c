import CGtk4
import GtkBridge
import Localization

/// The About dialog.
@MainActor
enum AboutDialog {
    static func present(parent: WidgetPointer?) {
        let dialog = created(gtk_about_dialog_new())
        let about = OpaquePointer(dialog)
        gtk_about_dialog_set_program_name(about, "Lectern")
        gtk_about_dialog_set_version(about, LecternVersion.string)
        gtk_about_dialog_set_comments(about, tr("A calm, themeable feed reader for GNOME."))
        gtk_about_dialog_set_logo_icon_name(about, LecternVersion.applicationID)
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_GPL_3_0)
        gtk_about_dialog_set_website(about, "https://lectern.dev")
        if let parent {
            gtk_window_set_transient_for(cast(dialog), cast(parent))
            gtk_window_set_modal(cast(dialog), 1)
        }
        nameTextPages(of: dialog)
        gtk_window_present(cast(dialog))
    }

    /// GtkAboutDialog's license and system pages are unnamed text views in GTK 4.8: each is
    /// named after its page's title ("License", "System"), which GTK translates.
    private static func nameTextPages(of dialog: WidgetPointer) {
        for view in Widgets.descendants(of: dialog) where Widgets.typeName(view) == "GtkTextView" {
            var page: WidgetPointer? = view
            while let child = page, let parent = gtk_widget_get_parent(child), Widgets.typeName(parent) != "GtkStack" { page = parent }
            guard let child = page, let stack = gtk_widget_get_parent(child),
                  let title = gtk_stack_page_get_title(gtk_stack_get_page(OpaquePointer(stack), child)) else { continue }
            Accessibility.setLabel(view, String(cString: title))
        }
    }
}
