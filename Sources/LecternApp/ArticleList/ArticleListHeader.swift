import CGtk4
import GtkBridge
import Library
import Localization

/// Which articles of a view the list shows.
enum ArticleFilter: String, CaseIterable {
    case all = "All", unread = "Unread"

    /// The filter's button label.
    var title: String {
        switch self {
        // Translators: the article list's filter: all the articles of the view.
        case .all: tr("All")
        // Translators: the article list's filter: only the unread articles of the view.
        case .unread: tr("Unread")
        }
    }
}

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
        title = Widgets.label(tr("All Articles"), classes: ["pane-title"])
        subtitle = Widgets.label("", classes: ["pane-subtitle"])
        searchEntry = gtk_search_entry_new()
        Properties.setString(UnsafeMutableRawPointer(searchEntry), "placeholder-text", tr("Search articles"))
        Accessibility.setLabel(searchEntry, tr("Search articles"))
        Widgets.expand(searchEntry, vertical: false)
        var first: WidgetPointer?
        var buttons: [WidgetPointer] = []
        for filter in ArticleFilter.allCases {
            let button = created(gtk_toggle_button_new_with_label(filter.title))
            if let first { gtk_toggle_button_set_group(cast(button), cast(first)) } else {
                first = button
                gtk_toggle_button_set_active(cast(button), 1)
            }
            buttons.append(button)
        }
        let filters = Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["linked", "article-filter"], buttons)
        // Its action is set with its target (a search's words) when there is one to save.
        saveButton = Widgets.iconButton("bookmark-new-symbolic", tooltip: tr("Save This Search in the Sidebar"))
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

    /// The count under the view's name; `cut`: the search had more words than are searched.
    func setCount(_ count: Int, filter: ArticleFilter, searching: Bool, cut: Bool = false) {
        var text: String
        if searching {
            text = count >= LibraryStore.searchWindow
                ? tr("The newest {count} match, best first", plural: "The newest {count} matches, best first", count: count)
                : tr("{count} matching article", plural: "{count} matching articles", count: count)
        } else if filter == .unread {
            // Translators: how many unread articles the view holds.
            text = tr("{count} unread", plural: "{count} unread", count: count)
        } else {
            text = count == 0 ? tr("Nothing to read yet") : tr("{count} article", plural: "{count} articles", count: count)
        }
        if cut {
            // Translators: after the count of a search's matches; {count} is how many words were searched.
            text += " " + tr("(searched for the first {count} word)", plural: "(searched for the first {count} words)",
                             count: SearchQuery.maxWords)
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
