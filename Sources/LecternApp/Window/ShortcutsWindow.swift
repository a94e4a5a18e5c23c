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
        (tr("Listening"), [("p", tr("Play or pause the episode")), ("comma", tr("Back 15 seconds")),
                           ("period", tr("Forward 30 seconds")), ("space", tr("Play or pause, in the player")),
                           ("F11", tr("Watch the video full screen, or leave it"))]),
        (tr("Appearance"), [("<Control>plus", tr("Larger text")), ("<Control>minus", tr("Smaller text")),
                            ("<Control>0", tr("Reset text size")), ("<Control>t", tr("Themes"))]),
        (tr("General"), [("F6", tr("Next part of the window")), ("<Shift>F6", tr("Previous part of the window")),
                         ("F9", tr("Show or hide the sidebar of a narrow window")),
                         (Localization.isRightToLeft ? "<Alt>Right Escape" : "<Alt>Left Escape", tr("Back to the list or the sidebar of a narrow window")),
                         ("<Control>comma", tr("Preferences")), ("F1 <Control>question", tr("Keyboard shortcuts")),
                         ("<Control>w", tr("Close window")), ("<Control>q", tr("Quit"))]),
    ]

    /// Lectern's own window, not GtkShortcutsWindow: GTK 4.8's lays its groups out in columns
    /// and cannot be made narrower than they are. Here the groups are one column that scrolls,
    /// each meaning wrapping beside its keys (GtkShortcutLabel), so it fits a phone's 360 px; the
    /// search field keeps the shortcuts whose meaning or keys have the words typed.
    @discardableResult
    static func present(parent: WidgetPointer?) -> WidgetPointer {
        let window = created(gtk_window_new())
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        gtk_window_set_title(gtkWindow, tr("Keyboard Shortcuts"))
        gtk_window_set_modal(gtkWindow, 1)
        if let parent { gtk_window_set_transient_for(gtkWindow, cast(parent)) }
        let search = gtk_search_entry_new()!
        Properties.setString(UnsafeMutableRawPointer(search), "placeholder-text", tr("Search Shortcuts"))
        Accessibility.setLabel(search, tr("Search Shortcuts"))
        var rows: [(row: WidgetPointer, words: String)] = []
        var sections: [(section: WidgetPointer, rows: [WidgetPointer])] = []
        for (title, shortcuts) in groups {
            var groupRows: [WidgetPointer] = []
            for (keys, meaning) in shortcuts {
                let text = Widgets.label(meaning, wrap: true)
                Widgets.expand(text, vertical: false)
                let keyCaps = gtk_shortcut_label_new(keys)!
                gtk_widget_set_valign(keyCaps, GTK_ALIGN_CENTER)
                let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 16, classes: ["shortcut-row"], [text, keyCaps])
                groupRows.append(row)
                rows.append((row, ([meaning] + keys.split(separator: " ").map(keyLabel)).joined(separator: " ").lowercased()))
            }
            let section = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10,
                                      [Widgets.label(title, classes: ["preference-heading"], role: GTK_ACCESSIBLE_ROLE_HEADING)] + groupRows)
            sections.append((section, groupRows))
        }
        let nothing = Widgets.label(tr("No shortcut has these words."), classes: ["dim-label"], wrap: true)
        gtk_widget_set_visible(nothing, 0)
        let list = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 24, classes: ["preferences"], sections.map(\.section) + [nothing])
        connect(search, .searchChanged) {
            let words = (string(gtk_editable_get_text(OpaquePointer(search))) ?? "").lowercased().split(separator: " ")
            for (row, text) in rows { gtk_widget_set_visible(row, words.allSatisfy { text.contains($0) } ? 1 : 0) }
            for (section, sectionRows) in sections {
                gtk_widget_set_visible(section, sectionRows.contains { gtk_widget_get_visible($0) != 0 } ? 1 : 0)
            }
            gtk_widget_set_visible(nothing, sections.contains { gtk_widget_get_visible($0.section) != 0 } ? 0 : 1)
        }
        let scroller = Widgets.verticalScroller(list)
        Widgets.expand(scroller)
        gtk_widget_set_margin_start(search, 18)
        gtk_widget_set_margin_end(search, 18)
        gtk_widget_set_margin_top(search, 12)
        gtk_window_set_child(gtkWindow, Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, [search, scroller]))
        gtk_window_set_default_size(gtkWindow, 520, 640)
        Keyboard.onEscape(window) { gtk_window_close(gtkWindow) }
        gtk_window_present(gtkWindow)
        return window
    }

    /// An accelerator as the desktop spells it ("Ctrl+F"): what a search for keys is typed as.
    private static func keyLabel(_ accelerator: Substring) -> String {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(String(accelerator), &key, &modifiers) != 0,
              let label = gtk_accelerator_get_label(key, modifiers) else { return String(accelerator) }
        defer { g_free(label) }
        return String(cString: label)
    }
}
