import Library
import Localization

/// One row of the sidebar.
enum SidebarItem: Equatable {
    case smart(ArticleView, title: String, icon: String)
    case folder(Folder)
    case feed(Feed)
    /// A sync account's heading; its folders and feeds follow it.
    case account(Account)
    /// A search kept as a view, after the smart views.
    case savedSearch(SavedSearch)
    /// A label on articles, after its library's feeds.
    case label(Label)

    static let smartViews: [SidebarItem] = [
        .smart(.all, title: tr("All Articles"), icon: "view-list-symbolic"),
        .smart(.unread, title: tr("Unread"), icon: "mail-unread-symbolic"),
        .smart(.starred, title: tr("Starred"), icon: "starred-symbolic"),
        // Translators: the view of the articles that came today.
        .smart(.today, title: tr("Today"), icon: "x-office-calendar-symbolic"),
    ]

    /// After the smart views while the library has podcast episodes; its count is the episodes not yet heard to their end.
    static let podcasts = SidebarItem.smart(.podcasts, title: tr("Podcasts"), icon: "audio-x-generic-symbolic")

    var view: ArticleView {
        switch self {
        case .smart(let view, _, _): view
        case .folder(let folder): .folder(folder.id)
        case .feed(let feed): .feed(feed.id)
        case .account(let account): .account(account.id)
        case .savedSearch(let saved): saved.view
        case .label(let label): .label(label.id)
        }
    }

    /// What the row stands for, to find it again after a rebuild (a saved search and All
    /// Articles share a view).
    var key: String {
        if case .savedSearch(let saved) = self { return "saved:\(saved.id)" }
        return "\(view)"
    }

    var isLabel: Bool {
        if case .label = self { return true }
        return false
    }

    /// The words a saved search fixes in the list's search field; nil for every other row.
    var fixedSearch: String? {
        if case .savedSearch(let saved) = self { return saved.query }
        return nil
    }

    var title: String {
        switch self {
        case .smart(_, let title, _): title
        case .folder(let folder): folder.title
        case .feed(let feed): feed.title ?? feed.url
        case .account(let account): account.title
        case .savedSearch(let saved): saved.name
        case .label(let label): label.name
        }
    }

    /// The unread count shown beside the row (starred shows how many are starred).
    func count(in counts: UnreadCounts) -> Int {
        switch self {
        case .smart(.starred, _, _): counts.starred
        case .smart(.unread, _, _), .smart(.all, _, _): counts.all
        case .smart(.podcasts, _, _): counts.unplayedEpisodes ?? 0
        case .smart: 0
        case .folder(let folder): counts.byFolder[folder.id] ?? 0
        case .feed(let feed): counts.byFeed[feed.id] ?? 0
        case .account(let account): counts.byAccount[account.id] ?? 0
        case .savedSearch(let saved): counts.bySavedSearch[saved.id] ?? 0
        case .label(let label): counts.byLabel[label.id] ?? 0
        }
    }

    /// A feed's (or an account's last sync's) error in plain words, when it is failing.
    var problem: String? {
        if case .account(let account) = self { return account.lastError }
        guard case .feed(let feed) = self else { return nil }
        if feed.fetchState.gone { return tr("This feed is gone (HTTP 410) and is no longer fetched.") }
        guard feed.fetchState.failureCount > 0 else { return nil }
        return feed.fetchState.lastError
    }
}
