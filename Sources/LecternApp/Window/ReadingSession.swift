import CGtk4
import Foundation
import GtkBridge
import Library

/// Connects the three panes to the library: choosing in the sidebar fills the list,
/// choosing in the list opens the reader, and reading updates status and counts. Every
/// reading command (keys, menu, D-Bus action) comes through here.
@MainActor
final class ReadingSession {
    let sidebar: SidebarController
    let list: ArticleListController
    let reader: ReaderController
    private let service: LibraryService
    private let settings: Settings
    private let images = ImageLoader()
    /// Shows an undoable message (mark all as read).
    var onUndoable: (@MainActor (String, @escaping @MainActor () -> Void) -> Void)?
    var onError: (@MainActor (String) -> Void)?

    init(service: LibraryService, settings: Settings) {
        self.service = service
        self.settings = settings
        sidebar = SidebarController(store: service.store)
        list = ArticleListController(store: service.store)
        reader = ReaderController()
        sidebar.onSelect = { [weak self] item in self?.list.show(item.view, title: item.title) }
        list.onSelect = { [weak self] row in self?.open(row) }
        list.onActivate = { [weak self] in self?.openInBrowser() }
        reader.onToggleStar = { [weak self] in self?.toggleStar() }
        reader.onOpenInBrowser = { [weak self] in self?.openInBrowser() }
        list.show(.all, title: "All Articles")
    }

    /// Before the whole window restyles (a theme switch): the panes hollow out what is out of sight.
    func prepareForRestyle() {
        sidebar.prepareForRestyle()
        list.prepareForRestyle()
        reader.prepareForRestyle()
    }

    var hasSubscriptions: Bool { ((try? service.store.feeds().count) ?? 0) > 0 }

    /// After a refresh, an import or a subscription: re-read everything.
    func libraryChanged() {
        sidebar.rebuild()
        list.reload()
    }

    private func open(_ row: ArticleRow?) {
        guard let row, let article = try? service.store.article(id: row.id) else {
            reader.showEmpty()
            return
        }
        reader.show(article, feedTitle: row.feedTitle, images: settings.showImages ? images : nil)
        if settings.markReadOnOpen && !row.read { setRead(true) }
    }

    // MARK: Commands

    func nextArticle() { list.selectNext() }
    func previousArticle() { list.selectPrevious() }
    func nextUnread() { list.selectNextUnread() }
    func focusSearch() { list.focusSearch() }

    func toggleRead() {
        guard let row = list.selectedRow else { return }
        setRead(!row.read)
    }

    func toggleStar() {
        guard let row = list.selectedRow else { return }
        do {
            _ = try service.store.setStarred([row.id], !row.starred)
            list.updateSelected { $0.starred.toggle() }
            reader.setStarred(!row.starred)
            sidebar.refreshCounts()
        } catch {
            onError?("Could not change the star: \(error)")
        }
    }

    func openInBrowser() {
        guard let link = reader.article?.link ?? list.selectedRow.flatMap({ try? service.store.article(id: $0.id) })?.link else { return }
        gtk_show_uri(nil, link, guint32(GDK_CURRENT_TIME))
    }

    /// Marks everything in the current view read, with an Undo.
    func markAllRead() {
        guard let view = sidebar.selected?.view else { return }
        do {
            let change = try service.store.markAllRead(in: view)
            libraryChanged()
            let count = change.articleIDs.count
            guard count > 0 else { return }
            onUndoable?("Marked \(count) article\(count == 1 ? "" : "s") as read") { [weak self] in
                guard let self else { return }
                try? service.store.undo(change)
                libraryChanged()
            }
        } catch {
            onError?("Could not mark the articles as read: \(error)")
        }
    }

    private func setRead(_ read: Bool) {
        guard let row = list.selectedRow else { return }
        do {
            _ = try service.store.setRead([row.id], read)
            list.updateSelected { $0.read = read }
            sidebar.refreshCounts()
        } catch {
            onError?("Could not mark the article: \(error)")
        }
    }
}
