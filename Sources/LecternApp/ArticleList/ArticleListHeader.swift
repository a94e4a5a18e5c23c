import CGtk4
import GtkBridge
import Library

/// Which articles of a view the list shows.
enum ArticleFilter: String, CaseIterable { case all = "All", unread = "Unread" }

/// The article list's heading: the view's name and count, the filter and the search field.
@MainActor
final class ArticleListHeader {
    let widget: WidgetPointer
    var onFilter: (@MainActor (ArticleFilter) -> Void)?
    var onSearch: (@MainActor (String) -> Void)?
    private let title: WidgetPointer
    private let subtitle: WidgetPointer
    private let searchEntry: WidgetPointer
    private let saveButton: WidgetPointer

    init() {
        title = Widgets.label("All Articles", classes: ["pane-title"])
        subtitle = Widgets.label("", classes: ["pane-subtitle"])
        searchEntry = gtk_search_entry_new()
        Properties.setString(UnsafeMutableRawPointer(searchEntry), "placeholder-text", "Search articles")
        Widgets.expand(searchEntry, vertical: false)
        var first: WidgetPointer?
        var buttons: [WidgetPointer] = []
        for filter in ArticleFilter.allCases {
            let button = created(gtk_toggle_button_new_with_label(filter.rawValue))
            if let first { gtk_toggle_button_set_group(cast(button), cast(first)) } else {
                first = button
                gtk_toggle_button_set_active(cast(button), 1)
            }
            buttons.append(button)
        }
        let filters = Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["linked", "article-filter"], buttons)
        // Its action is set with its target (a search's words) when there is one to save.
        saveButton = Widgets.iconButton("bookmark-new-symbolic", tooltip: "Save This Search in the Sidebar")
        gtk_widget_set_visible(saveButton, 0)
        let tools = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [searchEntry, saveButton, filters])
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, classes: ["pane-header"], [
            title, subtitle, tools,
        ])
        gtk_widget_set_margin_top(tools, 8)
        for (filter, button) in zip(ArticleFilter.allCases, buttons) {
            connect(button, .toggled) { [weak self] in
                if gtk_toggle_button_get_active(cast(button)) != 0 { self?.onFilter?(filter) }
            }
        }
        connect(searchEntry, .searchChanged) { [weak self] in
            guard let self else { return }
            onSearch?(string(gtk_editable_get_text(OpaquePointer(searchEntry))) ?? "")
        }
    }

    func setTitle(_ text: String) { gtk_label_set_text(OpaquePointer(title), text) }

    func setCount(_ count: Int, filter: ArticleFilter, searching: Bool) {
        let noun = count == 1 ? "article" : "articles"
        let text: String
        if searching {
            text = count >= LibraryStore.searchWindow ? "The newest \(count) matches, best first" : "\(count) matching \(noun)"
        } else if filter == .unread { text = "\(count) unread" } else {
            text = count == 0 ? "Nothing to read yet" : "\(count) \(noun)"
        }
        gtk_label_set_text(OpaquePointer(subtitle), text)
    }

    func focusSearch() { gtk_widget_grab_focus(searchEntry) }

    /// Puts words in the search field (a saved search's).
    func setSearch(_ text: String) {
        gtk_editable_set_text(OpaquePointer(searchEntry), text)
    }

    /// Offers Save Search for `target` ("all:WORDS" or "unread:WORDS"); nil hides it.
    func offerSave(target: String?) {
        gtk_widget_set_visible(saveButton, target == nil ? 0 : 1)
        guard let target else { return }
        // The target first: the action takes a string, and a button naming it without one is refused.
        gtk_actionable_set_action_target_value(OpaquePointer(saveButton), g_variant_new_string(target))
        gtk_actionable_set_action_name(OpaquePointer(saveButton), "app.save-search")
    }
}
