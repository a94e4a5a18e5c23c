import CGtk4
import CLecternModel
import Foundation
import GtkBridge
import Library
import Localization

/// The article list: a virtualized `GtkListView` over the library. Only the rows on
/// screen exist as widgets; their data comes a page at a time from `ArticleRowCache`.
/// Above it, the view's name and count, a filter (all / unread / starred) and a search
/// field (full text, as you type).
@MainActor
final class ArticleListController {
    let widget: WidgetPointer
    /// Called when the selection changes (nil when nothing is selected).
    var onSelect: (@MainActor (ArticleRow?) -> Void)?
    /// While the list reloads, its passing selection changes are not told.
    private var quietSelection = false
    /// A row was clicked or tapped (the arrows only select).
    var onRowClicked: (@MainActor () -> Void)?
    /// Enter (or a double click) on a row.
    var onActivate: (@MainActor () -> Void)?
    /// Tab in the list: the focus leaves it for the next part of the window (the reader).
    var onTabForward: (@MainActor () -> Void)?
    /// Unread rows the user scrolled past (wholly above the list's top), while `marksOnScroll`.
    var onScrolledPast: (@MainActor ([ArticleRow]) -> Void)?
    var marksOnScroll = false
    /// A row's own menu was asked for (a right click, a long press, the Menu key), pointing at its widget.
    var onContextMenu: (@MainActor (ArticleRow, WidgetPointer) -> Void)?
    /// A feed's icon, for the show's artwork beside its episodes (from the sidebar's cache).
    var feedIcon: (@MainActor (Int64) -> OpaquePointer?)?

    private let cache: ArticleRowCache
    private let model: OpaquePointer            // LecternIndexModel, owned by the selection
    private let selection: OpaquePointer        // GtkSingleSelection, owned by the list view
    private let listView: WidgetPointer
    private let header: ArticleListHeader
    private let pages = PageStack()
    private var rows: [OpaquePointer: ArticleRowWidget] = [:]
    /// Off-screen rows spared a theme switch's restyle.
    private let hollowRows = HollowRows()
    private var view = ArticleView.all
    private var filter = ArticleFilter.all
    private var search: String?
    /// The words of the saved search shown, if one is.
    private var fixedSearch: String?
    private var loaded = false
    /// The first row on screen when the list was last looked at after a scroll.
    private var scrollTop = 0
    /// Looks at the list once scrolling pauses.
    private var scrollCheck: MainLoop.Source?
    /// The search being read off the main thread, if any.
    private var searchTask: Task<Void, Never>?
    /// The article to select when the search being read is shown.
    private var selectionWanted: Int64?

    init(access: StoreAccess) {
        cache = ArticleRowCache(access: access, query: ArticleQuery(view: .all))
        model = lectern_index_model_new()
        selection = gtk_single_selection_new(model)
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        let factory = created(gtk_signal_list_item_factory_new())
        listView = gtk_list_view_new(selection, factory)
        Widgets.addClasses(listView, ["article-rows"])
        Accessibility.setLabel(listView, tr("Articles"))
        header = ArticleListHeader()
        let empty = EmptyState.make(icon: "application-rss+xml-symbolic", title: tr("No Articles Here"),
                                    body: tr("Nothing matches this view yet."))
        pages.add(Widgets.verticalScroller(listView), name: "list")
        pages.add(empty, name: "empty")
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, classes: ["article-list"], [header.widget, pages.widget])
        gtk_widget_set_size_request(widget, 280, -1)
        makeRows(with: factory)
        connect(selection, .notify("selected")) { [weak self] in
            self?.selectionChanged()
        }
        // Return on a row the keyboard reached without choosing it (Tab into the list) opens that
        // row, as a click does; on the row open, what Enter does there.
        connect(listView, .activateRow) { [weak self] position in
            guard let self else { return }
            if selectedIndex != Int(position) {
                select(Int(position))
                onRowClicked?()
            } else {
                onActivate?()
            }
        }
        ContextMenus.openFromKeyboard(in: listView) { [weak self] in
            guard let self, let index = selectedIndex, let row = cache.row(at: index),
                  let shown = rows.first(where: { visibleIndex($0.key) == index })?.value else { return false }
            onContextMenu?(row, shown.root)
            return true
        }
        let click = created(gtk_gesture_click_new())
        connect(click, .released) { [weak self] _, _, _ in self?.onRowClicked?() }
        gtk_widget_add_controller(listView, click)
        // Shift+Tab: to the search and filters above the list.
        Keyboard.tabLeaves(listView, forward: { [weak self] in self?.onTabForward?() != nil },
                           backward: { [weak self] in self.map { gtk_widget_child_focus($0.header.widget, GTK_DIR_TAB_BACKWARD) != 0 } ?? false })
        if let adjustment = verticalAdjustment {
            connect(adjustment, .notify("value")) { [weak self] in self?.scrolled() }
        }
        header.onFilter = { [weak self] in self?.filter = $0; self?.reload() }
        header.onSearch = { [weak self] in self?.search = $0.isEmpty ? nil : $0; self?.reload() }
    }

    /// Shows another view (a smart view, a feed or a folder). Choosing the view already
    /// shown keeps the list as it is (its rows are not rebuilt).
    /// A saved search brings its words (`fixedSearch`); leaving one clears them.
    func show(_ view: ArticleView, title: String, fixedSearch: String? = nil) {
        header.setTitle(title)
        let searchChanged = fixedSearch != self.fixedSearch
        if searchChanged {
            self.fixedSearch = fixedSearch
            search = fixedSearch
            header.setSearch(fixedSearch ?? "")
        }
        guard view != self.view || !loaded || searchChanged else { return }
        self.view = view
        reload()
    }

    /// Re-reads the list. Another view, filter or search starts at its top; the same view read
    /// again (`keepingPlace`: after a refresh, a sync, a status change elsewhere) keeps the
    /// articles on screen where they were, new ones coming in above them out of sight. A search
    /// is read off the main thread, so the window answers while a long one runs; a newer one
    /// replaces it.
    func reload(keepingPlace: Bool = false) {
        loaded = true
        let query = ArticleQuery(view: view, search: search, unreadOnly: filter == .unread && view != .unread)
        searchTask?.cancel()
        searchTask = nil
        guard query.search != nil else {
            let selectedID = selectedRow?.id, place = keepingPlace ? placeOnScreen() : nil
            return show(count: cache.reset(to: query), keeping: selectedID, place: place)
        }
        let store = cache.store
        searchTask = Task { @MainActor [weak self] in
            let found = await Task.detached(priority: .userInitiated) { ArticleRowCache.search(query, in: store) }.value
            guard let self, !Task.isCancelled else { return }
            searchTask = nil
            let selectedID = selectedRow?.id, place = keepingPlace ? placeOnScreen() : nil
            show(count: cache.reset(to: query, searched: found), keeping: selectedID, place: place)
        }
    }

    /// Where the list is scrolled: the article at its top edge, and its position.
    private struct Place {
        let articleID: Int64
        let index: Int
    }

    /// Nil at the top of the list, where new articles are to be seen as they come.
    private func placeOnScreen() -> Place? {
        guard let adjustment = verticalAdjustment, cache.count > 0 else { return nil }
        let value = gtk_adjustment_get_value(adjustment), height = gtk_adjustment_get_upper(adjustment) / Double(cache.count)
        guard value > 0, height > 0 else { return nil }
        let index = min(Int(value / height), cache.count - 1)
        return cache.row(at: index).map { Place(articleID: $0.id, index: index) }
    }

    /// Replaces the model's rows: `place`'s article is looked for a few pages around where it
    /// was, and the rows that came or went above it are told as such, so the list view keeps
    /// the same rows on screen (no place: the list starts at its top).
    private func resetRows(count: Int, keeping place: Place?) {
        guard let place else {
            scrollTop = 0
            return lectern_index_model_reset_to_top(model, guint(count))
        }
        let near = max(0, place.index - ArticleRowCache.pageSize)..<min(count, place.index + ArticleRowCache.pageSize * 2)
        let shift = near.first { cache.row(at: $0)?.id == place.articleID }.map { $0 - place.index } ?? 0
        scrollTop = max(0, scrollTop + shift)
        lectern_index_model_reset_shifted(model, guint(count), gint(shift))
    }

    /// True while a search is being read (tests wait for it).
    var isSearching: Bool { searchTask != nil }

    private func show(count: Int, keeping selectedID: Int64?, place: Place?) {
        let wanted = selectionWanted
        let selectedID = wanted ?? selectedID
        selectionWanted = nil
        // The reset empties the selection and the row is selected again: one change is told,
        // the last (the reader keeps an article it already shows).
        quietSelection = true
        resetRows(count: count, keeping: place)
        header.setCount(count, filter: filter, searching: search != nil, cut: search.map(SearchQuery.isCut) ?? false)
        let unread = filter == .unread || view == .unread
        header.offerSave(target: search.flatMap { $0 == fixedSearch ? nil : "\(unread ? "unread" : "all"):\($0)" })
        pages.show(count == 0 ? "empty" : "list")
        // The article read stays selected where it is; one asked for is scrolled to.
        let kept = selectedID.map { select(articleID: $0, scrolling: place == nil || wanted != nil) } ?? false
        quietSelection = false
        onSelect?(kept ? selectedRow : nil)
    }

    /// Selects the article `id` when it is among the list's first pages; false otherwise.
    @discardableResult
    func select(articleID id: Int64, scrolling: Bool = true) -> Bool {
        guard let index = (0..<min(cache.count, ArticleRowCache.pageSize * 4)).first(where: { cache.row(at: $0)?.id == id }) else {
            return false
        }
        select(index, scrolling: scrolling)
        return true
    }

    var selectedIndex: Int? {
        let position = gtk_single_selection_get_selected(selection)
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    var selectedRow: ArticleRow? { selectedIndex.flatMap(cache.row(at:)) }

    func select(_ index: Int, scrolling: Bool = true) {
        guard index >= 0, index < cache.count else { return }
        gtk_single_selection_set_selected(selection, guint(index))
        if scrolling { gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint(index))) }
    }

    func selectNext() { select((selectedIndex ?? -1) + 1) }
    func selectPrevious() { select(max((selectedIndex ?? 1) - 1, 0)) }

    /// Moves to the next unread article; false when there is none below.
    @discardableResult
    func selectNextUnread() -> Bool {
        guard let next = cache.nextUnread(after: selectedIndex ?? -1) else { return false }
        select(next)
        return true
    }

    /// Applies a status change to the cached row and redraws it.
    func updateSelected(_ change: (inout ArticleRow) -> Void) {
        guard let index = selectedIndex else { return }
        cache.update(at: index, change)
        if let slot = rows.first(where: { visibleIndex($0.key) == index }) { fill(slot.value, at: index) }
    }

    func focusSearch() { header.focusSearch() }
    /// The focus to the rows (the selected one, else the first).
    func focusRows() { gtk_widget_grab_focus(listView) }

    /// Puts `text` in the search field, which lists its matches; `selecting` is selected once
    /// they are listed.
    func setSearch(_ text: String, selecting id: Int64? = nil) {
        guard text != (search ?? "") else {
            if let id { select(articleID: id) }
            return
        }
        selectionWanted = id
        header.setSearch(text)
    }

    /// An episode's place or state changed (the player saved it): its row on screen follows.
    func showEpisode(_ progress: EpisodeProgress) {
        update(articleIDs: [progress.articleID]) { if $0.episode?.url == progress.url { $0.episode = progress } }
    }

    /// Changes the cached rows of these articles on screen and redraws them (marked read on
    /// scroll, from an article's menu).
    func update(articleIDs ids: Set<Int64>, _ change: (inout ArticleRow) -> Void) {
        for (listItem, row) in rows {
            guard let index = visibleIndex(listItem), let current = cache.row(at: index), ids.contains(current.id) else { continue }
            cache.update(at: index, change)
            fill(row, at: index)
        }
    }

    private func scrolled() {
        guard marksOnScroll else { return }
        scrollCheck?.remove()
        scrollCheck = MainLoop.timeout(milliseconds: 200) { [weak self] in
            self?.scrollCheck = nil
            self?.lookAtScrolledPast()
            return false
        }
    }

    /// Scrolling down past rows hands the unread ones to `onScrolledPast`; scrolling up, none.
    private func lookAtScrolledPast() {
        guard let top = firstRowOnScreen() else { return }
        defer { scrollTop = top }
        guard top > scrollTop else { return }
        let past = (scrollTop..<top).compactMap(cache.row(at:)).filter { !$0.read }
        if !past.isEmpty { onScrolledPast?(past) }
    }

    /// The index of the first row not wholly above the list's top edge.
    private func firstRowOnScreen() -> Int? {
        var first: Int?
        for (listItem, row) in rows {
            let item = Self.item(of: row)
            var bounds = graphene_rect_t()
            guard gtk_widget_get_child_visible(item) != 0, gtk_widget_compute_bounds(item, listView, &bounds) != 0,
                  bounds.origin.y + bounds.size.height > 0, let index = visibleIndex(listItem) else { continue }
            first = min(first ?? index, index)
        }
        return first
    }

    /// The list's scroll position (for `make bench`).
    var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? { gtk_scrollable_get_vadjustment(OpaquePointer(listView)) }

    /// Called just before the whole window restyles (a theme switch). GTK 4.8's list view
    /// keeps about 200 rows alive, most of them off screen (unmapped), and restyling them
    /// all dominated the switch: they are hollowed out until the new theme is on screen.
    func prepareForRestyle() {
        let width = gtk_widget_get_width(listView)
        guard width > 0, gtk_widget_get_mapped(listView) != 0 else { return }
        let onScreen = rows.filter { gtk_widget_get_child_visible(Self.item(of: $0.value)) != 0 }
            .map { Int(gtk_list_item_get_position($0.key)) }
        let middle = onScreen.min().flatMap { first in onScreen.max().map { (first + $0) / 2 } } ?? 0
        for (listItem, row) in rows {
            let item = Self.item(of: row)
            guard gtk_widget_get_child_visible(item) == 0 else { continue }
            var height: Int32 = 0
            gtk_widget_measure(item, GTK_ORIENTATION_VERTICAL, width, nil, &height, nil, nil)
            let position = Int(gtk_list_item_get_position(listItem))
            hollowRows.hollowOut(row.root, holder: item, height: height, distance: Double(abs(position - middle)))
        }
        hollowRows.refill(after: listView)
    }

    /// The list's own row widget around one of ours.
    private static func item(of row: ArticleRowWidget) -> WidgetPointer {
        gtk_widget_get_parent(row.root) ?? row.root
    }

    private func selectionChanged() {
        guard !quietSelection else { return }
        onSelect?(selectedRow)
    }

    /// Shows the row at `index` in `widget`, an episode's with its show's artwork (the feed's icon).
    private func fill(_ widget: ArticleRowWidget, at index: Int) {
        let row = cache.row(at: index)
        widget.show(row, artwork: row.flatMap { $0.episode == nil ? nil : feedIcon?($0.feedID) })
    }

    private func visibleIndex(_ listItem: OpaquePointer) -> Int? {
        guard let item = gtk_list_item_get_item(listItem) else { return nil }
        return Int(lectern_index_item_get_index(OpaquePointer(item)))
    }

    private func makeRows(with factory: OpaquePointer) {
        connect(factory, .setup) { [weak self] listItem in
            guard let self else { return }
            let row = ArticleRowWidget()
            gtk_list_item_set_child(listItem, row.root)
            rows[listItem] = row
            ContextMenus.attach(to: row.root) { [weak self] in
                guard let self, let index = visibleIndex(listItem), let shown = cache.row(at: index) else { return }
                onContextMenu?(shown, row.root)
            }
        }
        connect(factory, .bind) { [weak self] listItem in
            guard let self, let index = visibleIndex(listItem), let row = rows[listItem] else { return }
            hollowRows.fillIn(row.root)
            fill(row, at: index)
        }
        connect(factory, .teardown) { [weak self] listItem in
            guard let self else { return }
            if let row = rows[listItem] { hollowRows.fillIn(row.root) }
            rows[listItem] = nil
        }
    }
}
