import Foundation

/// Which articles a list shows.
public enum ArticleView: Sendable, Equatable, Hashable {
    case all
    case unread
    case starred
    /// Articles dated since the start of the local day (the store computes it).
    case today
    case feed(Int64)
    case folder(Int64)
    /// Every article of a sync account.
    case account(Int64)
    /// The articles that carry a label.
    case label(Int64)
    /// The articles with an audio or video attachment (podcast episodes).
    case podcasts
}

/// A list request: a view, an optional search, and a window.
public struct ArticleQuery: Sendable, Equatable {
    public var view: ArticleView
    /// Free text typed by the user; words are ANDed and prefix-matched.
    /// With a search the list is ordered by relevance (bm25) among the newest
    /// `LibraryStore.searchWindow` matches, not by date.
    public var search: String?
    /// Only unread articles within the view (e.g. a feed's unread items).
    public var unreadOnly: Bool
    public var limit: Int
    public var offset: Int
    /// Keyset paging: rows strictly older than this cursor (date order only).
    public var after: ArticleCursor?

    public init(view: ArticleView, search: String? = nil, unreadOnly: Bool = false,
                limit: Int = 100, offset: Int = 0, after: ArticleCursor? = nil) {
        self.view = view
        self.search = search
        self.unreadOnly = unreadOnly
        self.limit = limit
        self.offset = offset
        self.after = after
    }
}
