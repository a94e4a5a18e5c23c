import CGtk4
import GtkBridge
import Localization

/// The Keyboard Shortcuts window (F1 or Ctrl+?).
@MainActor
enum ShortcutsWindow {
    static let groups: [(String, [(String, String)])] = [
        // Translators: the Keyboard Shortcuts window's groups ("Reading": reading articles) and what the keys do.
        (tr("Reading"), [("j", tr("Next article")), ("k", tr("Previous article")), ("n", tr("Next unread article")),
                         ("m", tr("Mark read or unread")), ("s", tr("Star or unstar")), ("o Return", tr("Open in browser")),
                         ("f", tr("Load the full article")), ("l", tr("Labels of the article"))]),
        (tr("Library"), [("r", tr("Refresh all feeds")), ("slash <Control>f", tr("Search articles")),
                         ("<Shift><Control>a", tr("Mark all as read")), ("<Control>z", tr("Undo marking all as read")),
                         ("<Alt>Return", tr("Settings of the chosen feed"))]),
        (tr("Appearance"), [("<Control>plus", tr("Larger text")), ("<Control>minus", tr("Smaller text")),
                            ("<Control>0", tr("Reset text size")), ("<Control>t", tr("Themes"))]),
        (tr("General"), [("F6", tr("Next part of the window")), ("<Shift>F6", tr("Previous part of the window")),
                         ("F9", tr("Show or hide the sidebar of a narrow window")),
                         (Localization.isRightToLeft ? "<Alt>Right Escape" : "<Alt>Left Escape", tr("Back to the list or the sidebar of a narrow window")),
                         ("<Control>comma", tr("Preferences")), ("F1 <Control>question", tr("Keyboard shortcuts")),
                         ("<Control>w", tr("Close window")), ("<Control>q", tr("Quit"))]),
    ]

    static func present(parent: WidgetPointer?) {
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"window\"><property name=\"modal\">1</property>"
        xml += "<child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">main</property>"
        for (title, shortcuts) in groups {
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(InlineMarkup.escape(title))</property>"
            for (keys, meaning) in shortcuts {
                xml += "<child><object class=\"GtkShortcutsShortcut\"><property name=\"accelerator\">\(InlineMarkup.escape(keys))</property>"
                xml += "<property name=\"title\">\(InlineMarkup.escape(meaning))</property></object></child>"
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        let builder = Object(adopting: created(gtk_builder_new_from_string(xml, -1)))
        guard let window = gtk_builder_get_object(builder.opaquePointer, "window") else { return }
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        if let parent { gtk_window_set_transient_for(gtkWindow, cast(parent)) }
        gtk_window_set_title(gtkWindow, tr("Keyboard Shortcuts"))
        nameSearch(in: UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self))
        withExtendedLifetime(builder) { gtk_window_present(gtkWindow) }
    }

    /// GtkShortcutsWindow's own search button and field have no accessible name in GTK 4.8.
    private static func nameSearch(in window: WidgetPointer) {
        for widget in Widgets.descendants(of: window) {
            switch Widgets.typeName(widget) {
            case "GtkSearchEntry", "GtkToggleButton": Accessibility.setLabel(widget, tr("Search Shortcuts"))
            case "GtkMenuButton": Accessibility.setLabel(widget, tr("Sections"))
            default: break
            }
        }
    }
}
