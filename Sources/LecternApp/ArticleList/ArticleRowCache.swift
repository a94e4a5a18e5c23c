import Library
import Localization

/// The rows of the current article list, read from the library a page at a time as the
/// list scrolls, so a 100,000-article view only ever holds the pages on screen.
@MainActor
final class ArticleRowCache {
    nonisolated static let pageSize = 120
    static let maxPages = 40

    private let access: StoreAccess
    /// The store itself, for work off the main thread (a search).
    var store: LibraryStore { access.store }
    private(set) var query: ArticleQuery
    private(set) var count = 0
    private var pages: [Int: [ArticleRow]] = [:]
    private var recent: [Int] = []

    init(access: StoreAccess, query: ArticleQuery) {
        self.access = access
        self.query = query
    }

    /// Switches to another view or search and counts its rows; returns the count.
    @discardableResult
    func reset(to query: ArticleQuery) -> Int {
        self.query = query
        pages = [:]
        recent = []
        // Translators: what failed, in "Lectern could not {action}." (StoreAccess), and so below.
        count = access.read(tr("count the articles of this view"), fallback: 0) {
            try $0.count(query.view, search: query.search, unreadOnly: query.unreadOnly)
        }
        return count
    }

    /// Switches to a search whose count and first page were read off the main thread
    /// (`searched`); a failure is reported as the count's would be. Returns the count.
    @discardableResult
    func reset(to query: ArticleQuery, searched: Result<(count: Int, firstPage: [ArticleRow]), StorageError>) -> Int {
        self.query = query
        pages = [:]
        recent = []
        let found = access.reported(searched, purpose: tr("count the articles of this view"), fallback: (count: 0, firstPage: []))
        count = found.count
        pages[0] = found.firstPage
        recent = [0]
        return count
    }

    /// A search's count and first page, read from `store` (off the main thread).
    nonisolated static func search(_ query: ArticleQuery, in store: LibraryStore) -> Result<(count: Int, firstPage: [ArticleRow]), StorageError> {
        Result { () throws(StorageError) in
            var first = query
            first.limit = pageSize
            first.offset = 0
            return (try store.count(query.view, search: query.search, unreadOnly: query.unreadOnly), try store.articles(first))
        }
    }

    /// The row at `index`, loading its page when needed.
    func row(at index: Int) -> ArticleRow? {
        guard index >= 0, index < count else { return nil }
        let page = index / Self.pageSize
        if pages[page] == nil { load(page) }
        let rows = pages[page] ?? []
        let offset = index % Self.pageSize
        return offset < rows.count ? rows[offset] : nil
    }

    /// Updates a cached row in place (after marking it read or starred).
    func update(at index: Int, _ change: (inout ArticleRow) -> Void) {
        let page = index / Self.pageSize, offset = index % Self.pageSize
        guard var rows = pages[page], offset < rows.count else { return }
        change(&rows[offset])
        pages[page] = rows
    }

    /// The index of the first unread row after `index`, looking through at most a few pages.
    func nextUnread(after index: Int) -> Int? {
        var candidate = index + 1
        while candidate < count && candidate < index + Self.pageSize * 8 {
            if let row = row(at: candidate), !row.read { return candidate }
            candidate += 1
        }
        return nil
    }

    private func load(_ page: Int) {
        var pageQuery = query
        pageQuery.limit = Self.pageSize
        pageQuery.offset = page * Self.pageSize
        pages[page] = access.read(tr("read the article list"), fallback: []) { try $0.articles(pageQuery) }
        recent.removeAll { $0 == page }
        recent.append(page)
        if recent.count > Self.maxPages { pages[recent.removeFirst()] = nil }
    }
}
