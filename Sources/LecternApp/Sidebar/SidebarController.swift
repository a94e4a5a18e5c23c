import CGtk4
import GtkBridge
import Library
import Localization

/// The sidebar: smart views (All, Unread, Starred, Today), then folders with their feeds, then
/// labels; each sync account's under its heading.
/// Unread counts follow reading; a failing feed shows a warning with its last error on
/// hover; right-click a feed or folder for its menu.
@MainActor
final class SidebarController {
    let widget: WidgetPointer
    var onSelect: (@MainActor (SidebarItem) -> Void)?
    /// A row was clicked or Enter pressed on it (the arrows only select).
    var onActivate: (@MainActor () -> Void)?
    /// Right-click on a feed or folder row: the item and the row to point the menu at.
    var onContextMenu: (@MainActor (SidebarItem, WidgetPointer) -> Void)?
    /// Tab or Shift+Tab in the list: the focus leaves the sidebar for the next or previous part.
    var onTab: (@MainActor (_ backwards: Bool) -> Void)?
    private let access: StoreAccess
    private let list: WidgetPointer
    private(set) var items: [SidebarItem] = []
    private var countLabels: [Int: WidgetPointer] = [:]
    /// Each row's name, by index.
    private var titles: [Int: WidgetPointer] = [:]
    /// Each feed row's icon, by feed.
    private var feedIcons: [Int64: WidgetPointer] = [:]
    private var rebuilding = false
    /// Where the subscriptions begin (after the smart views and saved searches): a separator above it.
    private var firstSubscriptionIndex = SidebarItem.smartViews.count
    private let icons: FeedIconCache
    /// Rows scrolled out of sight, spared a theme switch's restyle.
    private let hollowRows = HollowRows()
    private let offscreenRows: OffscreenRows
    /// Rows tall enough for a finger (44 px), as a narrow window shows them.
    var fingerSized = false {
        didSet {
            guard fingerSized != oldValue else { return }
            for title in titles.values { SidebarRow.setFingerSized(title, fingerSized) }
        }
    }

    init(access: StoreAccess, icons: FeedIconCache = FeedIconCache()) {
        self.access = access
        self.icons = icons
        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_BROWSE)
        Widgets.addClasses(list, ["navigation-list"])
        Accessibility.setLabel(list, tr("Views and Feeds"))
        let scroller = Widgets.verticalScroller(Widgets.box(GTK_ORIENTATION_VERTICAL, classes: ["sidebar-content"], [list]),
                                                classes: ["sidebar"])
        gtk_widget_set_size_request(scroller, 200, -1)
        widget = scroller
        offscreenRows = OffscreenRows(list: list, scroller: scroller)
        connect(list, .rowSelected) { [weak self] row in
            guard let self, !rebuilding, let row else { return }
            let index = Int(gtk_list_box_row_get_index(row))
            if items.indices.contains(index) { onSelect?(items[index]) }
        }
        connect(list, .rowActivated) { [weak self] _ in self?.onActivate?() }
        icons.onIcon = { [weak self] id in self?.iconArrived(forFeed: id) }
        openMenuFromKeyboard()
        Keyboard.tabLeaves(list, forward: { [weak self] in self?.onTab?(false) != nil },
                           backward: { [weak self] in self?.onTab?(true) != nil })
        rebuild()
    }

    /// The icon of the feed `id` in the sidebar, when it is cached (a fetch starts otherwise).
    func icon(ofFeed id: Int64) -> OpaquePointer? {
        for case .feed(let feed) in items where feed.id == id { return icons.paintable(for: feed) }
        return nil
    }

    /// The Menu key and Shift+F10 open the selected row's menu, as a right click does.
    private func openMenuFromKeyboard() {
        ContextMenus.openFromKeyboard(in: list) { [weak self] in
            guard let self, let row = gtk_list_box_get_selected_row(OpaquePointer(list)),
                  let content = gtk_list_box_row_get_child(row) else { return false }
            let index = Int(gtk_list_box_row_get_index(row))
            guard items.indices.contains(index) else { return false }
            if case .smart = items[index] { return false }
            onContextMenu?(items[index], content)
            return true
        }
    }

    /// The focus to the selected row (else the list), where the arrows move from one view to the next.
    func focusRows() {
        if let row = gtk_list_box_get_selected_row(OpaquePointer(list)) { gtk_widget_grab_focus(cast(row)) } else { gtk_widget_grab_focus(list) }
    }

    var selected: SidebarItem? {
        guard let row = gtk_list_box_get_selected_row(OpaquePointer(list)) else { return nil }
        let index = Int(gtk_list_box_row_get_index(row))
        return items.indices.contains(index) ? items[index] : nil
    }

    /// A feed's icon was downloaded: its row shows it. The rows stay as they are (a rebuild
    /// would take away a menu open on one of them, and the focus).
    private func iconArrived(forFeed id: Int64) {
        for case .feed(let feed) in items where feed.id == id {
            if let image = feedIcons[id], let paintable = icons.paintable(for: feed) { SidebarRow.show(paintable, in: image) }
        }
    }

    /// Re-reads folders, feeds and counts, keeping the selection. Rows that would look the
    /// same stay as they are (a refresh or a sync reloads the library, and a menu open on a
    /// row, the focus and the scroll position must outlive it); when the rows are the same
    /// ones in the same order, only those whose face changed are made again.
    func rebuild() {
        let (fresh, counts) = readItems()
        let previousFaces = items.map(RowFace.init)
        let faces = fresh.map(RowFace.init)
        let previous = selected?.key ?? SidebarItem.smartViews[0].key
        rebuilding = true
        defer { rebuilding = false }
        if faces.map(\.key) == previousFaces.map(\.key) {
            items = fresh
            for index in items.indices where faces[index] != previousFaces[index] { remakeRow(at: index, counts: counts) }
            for (index, item) in items.enumerated() {
                if let label = countLabels[index] { SidebarRow.setCount(label, item.count(in: counts), of: item) }
                if case .feed(let feed) = item, let image = feedIcons[feed.id], let paintable = icons.paintable(for: feed) {
                    SidebarRow.show(paintable, in: image)
                }
            }
            if selected?.key != previous { select(key: previous) }
            return
        }
        hollowRows.forgetAll()
        offscreenRows.rowsChanged()
        while let child = gtk_widget_get_first_child(list) { gtk_list_box_remove(OpaquePointer(list), child) }
        countLabels = [:]
        titles = [:]
        feedIcons = [:]
        items = fresh
        for index in items.indices { insertRow(at: index, counts: counts) }
        select(key: previous)
    }

    /// The rows the library has now, in order, and their counts.
    private func readItems() -> ([SidebarItem], UnreadCounts) {
        var items = SidebarItem.smartViews
        // Translators: what failed, in "Lectern could not {action}." (StoreAccess), and so below.
        let counts = access.read(tr("count the unread articles"), fallback: UnreadCounts()) { try $0.unreadCounts() }
        if counts.unplayedEpisodes != nil { items.append(SidebarItem.podcasts) }
        items += access.read(tr("read your saved searches"), fallback: []) { try $0.savedSearches() }.map(SidebarItem.savedSearch)
        firstSubscriptionIndex = items.count
        let folders = access.read(tr("read your folders"), fallback: []) { try $0.folders() }
        let feeds = access.read(tr("read your subscriptions"), fallback: []) { try $0.feeds() }
        let accounts = access.read(tr("read your sync accounts"), fallback: []) { try $0.accounts() }
        let labels = access.read(tr("read your labels"), fallback: []) { try $0.labels() }
        // The local library first, then each account under its heading.
        for accountID in [nil] + accounts.map(\.id) {
            if let account = accounts.first(where: { $0.id == accountID }) { items.append(.account(account)) }
            for folder in folders where folder.accountID == accountID {
                items.append(.folder(folder))
                items += feeds.filter { $0.folderID == folder.id }.map(SidebarItem.feed)
            }
            items += feeds.filter { $0.folderID == nil && $0.accountID == accountID }.map(SidebarItem.feed)
            items += labels.filter { $0.accountID == accountID }.map(SidebarItem.label)
        }
        return (items, counts)
    }

    /// Puts the row for `items[index]` at `index`, its count label and icon remembered.
    private func insertRow(at index: Int, counts: UnreadCounts) {
        let item = items[index]
        var paintable: OpaquePointer?
        if case .feed(let feed) = item { paintable = icons.paintable(for: feed) }
        let row = SidebarRow.make(item, count: item.count(in: counts), isFirstFeedRow: isFirstSubscription(index),
                                  icon: paintable)
        gtk_list_box_insert(OpaquePointer(list), row.widget, Int32(index))
        SidebarRow.setCount(row.count, item.count(in: counts), of: item)   // names the row: once it is in the list
        countLabels[index] = row.count
        titles[index] = row.title
        if fingerSized { SidebarRow.setFingerSized(row.title, true) }
        if case .feed(let feed) = item { feedIcons[feed.id] = row.icon }
        if case .smart = item {} else { attachContextMenu(to: row.widget, key: item.key) }
        if item.isLabel, index > 0, !items[index - 1].isLabel { gtk_widget_add_css_class(row.widget, "first-label") }
    }

    /// Replaces the row at `index` with one made from `items[index]`, in the same place.
    private func remakeRow(at index: Int, counts: UnreadCounts) {
        guard let old = gtk_list_box_get_row_at_index(OpaquePointer(list), Int32(index)) else { return }
        let wasSelected = gtk_list_box_row_is_selected(old) != 0
        if let content = gtk_list_box_row_get_child(old) { hollowRows.forget(content) }
        gtk_list_box_remove(OpaquePointer(list), cast(old))
        insertRow(at: index, counts: counts)
        offscreenRows.rowsChanged()
        if wasSelected { select(key: items[index].key) }
    }

    private func select(key: String) {
        let index = items.firstIndex { $0.key == key } ?? 0
        gtk_list_box_select_row(OpaquePointer(list), gtk_list_box_get_row_at_index(OpaquePointer(list), Int32(index)))
    }

    /// Called just before the whole window restyles (a theme switch): rows scrolled out
    /// of sight are hollowed out until the new theme is on screen (a sidebar of a few
    /// hundred feeds would otherwise be restyled whole). The nearest come back first.
    func prepareForRestyle() {
        let height = gtk_widget_get_height(widget)
        var listBounds = graphene_rect_t()
        guard height > 0, gtk_widget_get_mapped(widget) != 0, gtk_widget_compute_bounds(list, widget, &listBounds) != 0 else { return }
        let top = Int32(-listBounds.origin.y)
        guard let (rows, inSight) = OffscreenRows.rows(of: list, from: top, to: top + height - 1) else { return }
        let (first, last) = (inSight.lowerBound, inSight.upperBound)
        let width = gtk_widget_get_width(list)
        for (position, row) in rows.enumerated() where !inSight.contains(position) {
            guard let content = gtk_list_box_row_get_child(cast(row)) else { continue }
            var rowHeight: Int32 = 0   // with the row's margins, as its size request counts
            gtk_widget_measure(row, GTK_ORIENTATION_VERTICAL, width, nil, &rowHeight, nil, nil)
            hollowRows.hollowOut(content, holder: row, height: rowHeight,
                                 distance: Double(position < first ? first - position : position - last))
        }
        hollowRows.refill(after: widget)
    }

    /// Updates only the unread counts (cheap: after marking articles read).
    func refreshCounts() {
        let counts = access.read(tr("count the unread articles"), fallback: UnreadCounts()) { try $0.unreadCounts() }
        for (index, item) in items.enumerated() {
            guard let label = countLabels[index] else { continue }
            SidebarRow.setCount(label, item.count(in: counts), of: item)
        }
    }

    /// Selects the row for `view`, if the sidebar has one.
    func select(_ view: ArticleView) {
        guard let index = items.firstIndex(where: { $0.view == view }) else { return }
        gtk_list_box_select_row(OpaquePointer(list), gtk_list_box_get_row_at_index(OpaquePointer(list), Int32(index)))
    }

    /// Selects a saved search's row.
    func select(savedSearch id: Int64) {
        guard let index = items.firstIndex(where: { $0.key == "saved:\(id)" }) else { return }
        gtk_list_box_select_row(OpaquePointer(list), gtk_list_box_get_row_at_index(OpaquePointer(list), Int32(index)))
    }

    private func isFirstSubscription(_ index: Int) -> Bool {
        index == firstSubscriptionIndex
    }

    /// A right click or a long press opens the row's menu, for the item the row shows now
    /// (a kept row's feed may have been fetched since the row was made).
    private func attachContextMenu(to row: WidgetPointer, key: String) {
        ContextMenus.attach(to: row) { [weak self] in
            guard let self, let item = items.first(where: { $0.key == key }) else { return }
            onContextMenu?(item, row)
        }
    }
}
