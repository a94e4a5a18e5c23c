import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// Connects the three panes to the library: choosing in the sidebar fills the list,
/// choosing in the list opens the reader, and reading updates status and counts. Every
/// reading command (keys, menu, D-Bus action) comes through here.
@MainActor
final class ReadingSession {
    let sidebar: SidebarController
    let list: ArticleListController
    let reader: ReaderController
    let access: StoreAccess
    private let settings: Settings
    private let images = ImageLoader()
    /// Shows an undoable message (mark all as read).
    var onUndoable: (@MainActor (String, @escaping @MainActor () -> Void) -> Void)?
    /// Shows a message in the window's banner (a full article that could not be loaded).
    var onNotice: (@MainActor (String) -> Void)?
    /// A view or feed was chosen in the sidebar by a click or Enter (a narrow window shows its list).
    var onViewChosen: (@MainActor () -> Void)?
    /// The user asked to read the chosen article — a click on its row, Enter, j, k or n — rather
    /// than only moving the selection: true when the window brought the reader forward for it
    /// (a narrow window), false when it was already in view.
    var onArticleWanted: (@MainActor () -> Bool)?
    /// Loads full articles from their web pages; nil leaves the command without effect.
    var fullArticles: FullArticleLoader?
    /// Articles whose full article is being loaded.
    private var loadingFullArticles: Set<Int64> = []
    /// Articles whose full article could not be loaded this session (not tried again on open).
    private var failedFullArticles: Set<Int64> = []
    /// The feed title the reader shows, for showing its article again.
    private var shownFeedTitle = ""
    private var shownFeedLanguage: String?
    /// The shown article's feed's remote-images setting (nil: as in Preferences).
    private var shownFeedLoadsImages: Bool?
    /// Articles whose pictures the user asked for with Show Images while they are off.
    private var imagesShownFor: Set<Int64> = []

    init(access: StoreAccess, settings: Settings) {
        self.access = access
        self.settings = settings
        sidebar = SidebarController(access: access)
        list = ArticleListController(access: access)
        reader = ReaderController()
        sidebar.onSelect = { [weak self] item in self?.list.show(item.view, title: item.title, fixedSearch: item.fixedSearch) }
        sidebar.onActivate = { [weak self] in self?.onViewChosen?() }
        list.feedIcon = { [weak sidebar] in sidebar?.icon(ofFeed: $0) }
        list.onContextMenu = { row, widget in ContextMenus.popUp(Self.menu(for: row), at: widget) }
        list.onSelect = { [weak self] row in self?.open(row) }
        // Enter: the reader, where it is not in view; else the browser, as always.
        list.onActivate = { [weak self] in
            guard let self, list.selectedRow != nil else { return }
            if onArticleWanted?() != true { openInBrowser() }
        }
        list.onRowClicked = { [weak self] in
            guard let self, list.selectedRow != nil else { return }
            _ = onArticleWanted?()
        }
        list.onScrolledPast = { [weak self] rows in self?.markScrolledPast(rows) }
        list.marksOnScroll = settings.markReadOnScroll
        reader.onToggleStar = { [weak self] in self?.toggleStar() }
        reader.episodes = { [access] id in access.read(tr("read the article's episodes"), fallback: [:]) { try $0.episodes(ofArticle: id) } }
        reader.onOpenInBrowser = { [weak self] in self?.openInBrowser() }
        reader.onLoadFullArticle = { [weak self] in self?.loadFullArticle() }
        reader.onNotice = { [weak self] in self?.onNotice?($0) }
        reader.onShowImages = { [weak self] in self?.showImagesOfShownArticle() }
        list.show(.all, title: tr("All Articles"))
    }

    /// Before the whole window restyles (a theme switch): the panes hollow out what is out of sight.
    func prepareForRestyle() {
        sidebar.prepareForRestyle()
        list.prepareForRestyle()
        reader.prepareForRestyle()
    }

    /// Opens one article in its feed's list (a notification's article), or in All Articles.
    /// Selects the article in its feed, or else in All; false when it is in neither list's
    /// first pages.
    @discardableResult
    func show(articleID: Int64, inFeed feedID: Int64) -> Bool {
        sidebar.select(.feed(feedID))
        if list.select(articleID: articleID) { return true }
        sidebar.select(.all)
        return list.select(articleID: articleID)
    }

    /// All articles matching `text`, as if typed into the search field; `selecting` is
    /// selected once they are listed.
    func search(for text: String, selecting id: Int64? = nil) {
        sidebar.select(.all)
        list.setSearch(text, selecting: id)
    }

    // Translators: what failed, completing "Lectern could not {action}."
    var hasSubscriptions: Bool { access.read(tr("read your subscriptions"), fallback: 0) { try $0.feeds().count } > 0 }

    /// After a refresh, an import or a subscription: re-read everything.
    func libraryChanged() {
        sidebar.rebuild()
        list.reload(keepingPlace: true)
    }

    private func open(_ row: ArticleRow?) {
        // The list reloaded around the article being read (a refresh, a sync): it stays as it
        // is, scrolled where the reader left it, a popover on it still open.
        if let row, row.id == reader.article?.id {
            reader.setStarred(row.starred)
            return
        }
        guard let row, let article = access.read(tr("open the article"), fallback: nil, { try $0.article(id: row.id) }) else {
            reader.showEmpty()
            return
        }
        let feed = access.read(tr("read the feed's settings"), fallback: nil, { try $0.feed(id: article.feedID) })
        shownFeedLoadsImages = feed?.loadsImages
        showInReader(article, feedTitle: row.feedTitle, feedLanguage: feed?.language)
        if settings.markReadOnOpen && !row.read { setRead(true) }
        // A feed set to open its articles in the browser does so (the reader keeps the feed's text).
        if feed?.opensInBrowser == true, article.link != nil { return openInBrowser() }
        // A feed set to always show the full article loads it on open: once a session for a
        // page that failed (its notice said why), never for an article without a link.
        if article.fullArticle == nil, article.link != nil, !failedFullArticles.contains(article.id), feed?.alwaysFullArticle == true {
            loadFullArticle()
        }
    }

    private func showInReader(_ article: Article, feedTitle: String, feedLanguage: String?) {
        shownFeedTitle = feedTitle
        shownFeedLanguage = feedLanguage
        // Remote pictures tell their sites who reads what: the feed's setting, else Preferences';
        // when off, the reader offers Show Images for this article.
        let loadsImages = imagesShownFor.contains(article.id) || (shownFeedLoadsImages ?? settings.showImages)
        reader.show(article, feedTitle: feedTitle, feedLanguage: feedLanguage, images: loadsImages ? images : nil)
        reader.setLoadingFullArticle(loadingFullArticles.contains(article.id))
    }

    /// Show Images: this article's pictures, this once (the setting stays as it is).
    private func showImagesOfShownArticle() {
        guard let article = reader.article else { return }
        imagesShownFor.insert(article.id)
        showInReader(article, feedTitle: shownFeedTitle, feedLanguage: shownFeedLanguage)
    }

    // MARK: Commands

    func nextArticle() { list.selectNext(); wantArticle() }
    func previousArticle() { list.selectPrevious(); wantArticle() }
    func nextUnread() { list.selectNextUnread(); wantArticle() }
    func focusSearch() { list.focusSearch() }

    private func wantArticle() {
        if list.selectedRow != nil { _ = onArticleWanted?() }
    }

    func toggleRead() {
        guard let row = list.selectedRow else { return }
        setRead(!row.read)
    }

    func toggleStar() {
        guard let row = list.selectedRow else { return }
        guard access.write(tr("change the star"), { _ = try $0.setStarred([row.id], !row.starred) }) else { return }
        list.updateSelected { $0.starred.toggle() }
        reader.setStarred(!row.starred)
        sidebar.refreshCounts()
    }

    func openInBrowser() {
        let selected = list.selectedRow.flatMap { row in access.read(tr("open the article"), fallback: nil) { try $0.article(id: row.id) } }
        guard let link = reader.article?.link ?? selected?.link else { return }
        ExternalLinks.open(link) { [weak self] in self?.onNotice?($0) }
    }

    /// Loads the shown article's full text from its web page. The feed's version stays on
    /// screen (a spinner turns) until it arrives; then the reader shows it, if the article
    /// is still the one shown. A failure is said in the banner and changes nothing.
    func loadFullArticle() {
        guard let article = reader.article, let loader = fullArticles, !loadingFullArticles.contains(article.id) else { return }
        loadingFullArticles.insert(article.id)
        reader.setLoadingFullArticle(true)
        Task { @MainActor [weak self] in
            let failure: FullArticleFailure?
            do throws(FullArticleFailure) {
                try await loader.load(articleID: article.id)
                failure = nil
            } catch {
                failure = error
            }
            self?.fullArticleDone(article.id, failure: failure)
        }
    }

    private func fullArticleDone(_ id: Int64, failure: FullArticleFailure?) {
        loadingFullArticles.remove(id)
        let shown = reader.article?.id == id
        if let failure {
            failedFullArticles.insert(id)
            if shown { reader.setLoadingFullArticle(false) }
            onNotice?(tr("Could not load the full article. {error}", ["error": String(describing: failure)]))
            return
        }
        failedFullArticles.remove(id)
        if shown, let article = access.read(tr("show the full article"), fallback: nil, { try $0.article(id: id) }) {
            showInReader(article, feedTitle: shownFeedTitle, feedLanguage: shownFeedLanguage)
        }
    }

    /// Marks everything in the current view read, with an Undo.
    func markAllRead() {
        guard let view = sidebar.selected?.view else { return }
        guard let change = access.read(tr("mark the articles as read"), fallback: nil, { try $0.markAllRead(in: view) }) else { return }
        libraryChanged()
        let count = change.articleIDs.count
        guard count > 0 else { return }
        onUndoable?(tr("Marked {count} article as read", plural: "Marked {count} articles as read", count: count)) { [weak self] in
            guard let self else { return }
            access.write(tr("undo marking the articles as read")) { try $0.undo(change) }
            libraryChanged()
        }
    }

    /// Follows the setting (Preferences changes it while the window is open).
    func settingsChanged() {
        list.marksOnScroll = settings.markReadOnScroll
    }

    /// Articles scrolled past are marked read, with an Undo.
    private func markScrolledPast(_ rows: [ArticleRow]) {
        let ids = rows.map(\.id)
        guard access.write(tr("mark the articles you scrolled past as read"), { _ = try $0.setRead(ids, true) }) else { return }
        list.update(articleIDs: Set(ids)) { $0.read = true }
        sidebar.refreshCounts()
        let message = tr("Marked {count} article you scrolled past as read",
                         plural: "Marked {count} articles you scrolled past as read", count: ids.count)
        onUndoable?(message) { [weak self] in
            guard let self, access.write(tr("undo marking the articles as read"), { _ = try $0.setRead(ids, false) }) else { return }
            list.update(articleIDs: Set(ids)) { $0.read = false }
            sidebar.refreshCounts()
        }
    }

    /// Article `id` was marked read by something other than the list (an episode heard to its end).
    func articleReadElsewhere(_ id: Int64) {
        if list.selectedRow?.id == id { list.updateSelected { $0.read = true } } else { list.reload(keepingPlace: true) }
        sidebar.refreshCounts()
    }

    private func setRead(_ read: Bool) {
        guard let row = list.selectedRow else { return }
        guard access.write(read ? tr("mark the article as read") : tr("mark the article as unread"), { _ = try $0.setRead([row.id], read) })
        else { return }
        list.updateSelected { $0.read = read }
        sidebar.refreshCounts()
    }
}
