import Foundation

/// The lightweight row the article list shows.
public struct ArticleRow: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var feedID: Int64
    public var title: String?
    public var feedTitle: String
    /// published ?? updated ?? arrival, never later than arrival.
    public var date: Date
    /// Up to ~200 characters of plain text from the summary or content.
    public var excerpt: String?
    public var read: Bool
    public var starred: Bool
    /// In the Podcasts view, the article's episode (its first) and where it was left.
    public var episode: EpisodeProgress? = nil

    /// Where the next keyset page starts (pass as `ArticleQuery.after`).
    public var cursor: ArticleCursor { ArticleCursor(date: date, id: id) }
}

/// A position in a date-ordered list, for keyset paging.
public struct ArticleCursor: Sendable, Equatable, Hashable {
    public var date: Date
    public var id: Int64

    public init(date: Date, id: Int64) {
        self.date = date
        self.id = id
    }
}
