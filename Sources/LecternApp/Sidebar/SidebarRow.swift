import CGtk4
import GtkBridge
import Library
import Localization

/// The widgets of one sidebar row.
@MainActor
enum SidebarRow {
    /// The height a row's name keeps in a narrow window, where the rows are for a finger: with
    /// the row's padding (7 px above and below), 44 px.
    static let fingerHeight: Int32 = 30

    static func make(_ item: SidebarItem, count: Int, isFirstFeedRow: Bool,
                     icon paintable: OpaquePointer? = nil)
        -> (widget: WidgetPointer, title: WidgetPointer, count: WidgetPointer, icon: WidgetPointer) {
        let icon: WidgetPointer
        var classes = ["sidebar-row"]
        switch item {
        case .smart(_, _, let name): icon = Widgets.icon(name, classes: ["sidebar-symbol"])
        case .folder: icon = Widgets.icon("folder-symbolic", classes: ["sidebar-symbol"]); classes.append("folder-row")
        case .account: icon = Widgets.icon("network-server-symbolic", classes: ["sidebar-symbol"]); classes.append("account-row")
        case .savedSearch: icon = Widgets.icon("system-search-symbolic", classes: ["sidebar-symbol"])
        case .label: icon = Widgets.icon("lectern-label-symbolic", classes: ["sidebar-symbol"]); classes.append("label-row")
        case .feed(let feed):
            icon = Widgets.icon("application-rss+xml-symbolic", classes: ["sidebar-symbol"])
            if let paintable { show(paintable, in: icon) }
            if feed.folderID != nil { classes.append("in-folder") }
        }
        let title = TextLine.make(classes: ["sidebar-title"])
        TextLine.setText(title, item.title)
        Widgets.expand(title, vertical: false)
        let countLabel = Widgets.label("", classes: ["sidebar-count"], xalign: 1)
        var children = [icon, title]
        if let problem = item.problem {
            let warning = Widgets.icon("dialog-warning-symbolic", classes: ["feed-error"])
            gtk_widget_set_tooltip_text(warning, problem)
            children.append(warning)
            classes.append("failing")
        }
        children.append(countLabel)
        let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10, classes: classes, children)
        if let problem = item.problem {
            // Translators: a failing feed's tooltip: its name, then what is wrong.
            gtk_widget_set_tooltip_text(row, tr("{name}: {problem}", ["name": item.title, "problem": problem]))
        }
        if isFirstFeedRow { gtk_widget_add_css_class(row, "first-subscription") }
        Accessibility.hide(icon)
        return (row, title, countLabel, icon)
    }

    /// Makes a row (its name, `title`) tall enough for a finger, or back to its text's height.
    /// A size, not a CSS class on the sidebar: a class there restyled every node of every row
    /// (a rule with an ancestor's class may match any of them) when the window widened again.
    static func setFingerSized(_ title: WidgetPointer, _ fingerSized: Bool) {
        gtk_widget_set_size_request(title, -1, fingerSized ? fingerHeight : -1)
    }

    /// Puts a feed's own icon in its row's image, in place of the generic feed symbol.
    static func show(_ paintable: OpaquePointer, in icon: WidgetPointer) {
        gtk_image_set_from_paintable(OpaquePointer(icon), paintable)
        gtk_widget_remove_css_class(icon, "sidebar-symbol")
        gtk_widget_add_css_class(icon, "feed-icon")
    }

    /// Shows `count` and names the row for a screen reader: "Lectern Notes, 2 unread".
    static func setCount(_ label: WidgetPointer, _ count: Int, of item: SidebarItem) {
        gtk_label_set_text(OpaquePointer(label), count > 0 ? LocaleFormats.count(count) : "")
        gtk_widget_set_visible(label, count > 0 ? 1 : 0)
        guard let content = gtk_widget_get_parent(label) else { return }
        // Translators: a sidebar row read out: the view's name and its unread articles.
        let unread = tr("{name}, {count} unread", plural: "{name}, {count} unread", count: count, ["name": item.title])
        Accessibility.labelRow(holding: content, count > 0 ? unread : item.title)
    }
}

/// What a sidebar row shows besides its count and icon: a row whose face has not changed
/// is kept when the sidebar is read again.
struct RowFace: Equatable {
    let key: String
    let title: String
    let problem: String?
    let inFolder: Bool

    init(_ item: SidebarItem) {
        key = item.key
        title = item.title
        problem = item.problem
        if case .feed(let feed) = item { inFolder = feed.folderID != nil } else { inFolder = false }
    }
}
