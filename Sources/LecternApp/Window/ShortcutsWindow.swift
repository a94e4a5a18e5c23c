import CGtk4
import GtkBridge

/// The Keyboard Shortcuts window (F1 or Ctrl+?).
@MainActor
enum ShortcutsWindow {
    static let groups: [(String, [(String, String)])] = [
        ("Reading", [("j", "Next article"), ("k", "Previous article"), ("n", "Next unread article"),
                     ("m", "Mark read or unread"), ("s", "Star or unstar"), ("o Return", "Open in browser"),
                     ("f", "Load the full article")]),
        ("Library", [("r", "Refresh all feeds"), ("slash <Control>f", "Search articles"),
                     ("<Shift><Control>a", "Mark all as read"), ("<Control>z", "Undo marking all as read"),
                     ("<Alt>Return", "Settings of the chosen feed")]),
        ("Appearance", [("<Control>plus", "Larger text"), ("<Control>minus", "Smaller text"),
                        ("<Control>0", "Reset text size"), ("<Control>t", "Themes")]),
        ("General", [("F6", "Next part of the window"), ("<Shift>F6", "Previous part of the window"), ("<Control>comma", "Preferences"), ("F1 <Control>question", "Keyboard shortcuts"), ("<Control>w", "Close window"),
                     ("<Control>q", "Quit")]),
    ]

    static func present(parent: WidgetPointer?) {
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"window\"><property name=\"modal\">1</property>"
        xml += "<child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">main</property>"
        for (title, shortcuts) in groups {
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(title)</property>"
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
        withExtendedLifetime(builder) { gtk_window_present(gtkWindow) }
    }
}
