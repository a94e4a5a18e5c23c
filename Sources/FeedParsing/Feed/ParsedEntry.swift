import ArticleModel
import Foundation

/// One item of a feed (RSS `item`, Atom `entry`, JSON Feed `items[]`).
public struct ParsedEntry: Sendable, Equatable {
    /// The entry's identity: guid / atom:id / JSON `id`, or a stable fallback
    /// derived from link, title and date when the feed gives none.
    public var id: String?
    /// The title as plain text.
    public var title: String?
    /// The alternate link, absolute.
    public var link: String?
    /// When the entry was first published (UTC).
    public var published: Date?
    /// When the entry was last updated (UTC).
    public var updated: Date?
    /// Authors in document order.
    public var authors: [Person]
    /// A short summary (HTML or text, as the feed gives it).
    public var summary: String?
    /// The full content (HTML or text, as the feed gives it).
    public var content: String?
    /// Category / tag terms.
    public var categories: [String]
    /// Attached media.
    public var enclosures: [Enclosure]
    /// A thumbnail image URL (`media:thumbnail`, `itunes:image`, JSON `image`).
    public var thumbnailURL: String?
    /// What a podcast feed says of the episode (empty for other feeds).
    public var episode = EpisodeDetails()

    /// An entry keeps at most this many authors, categories and enclosures (the first, in
    /// document order; a feed keeps as many authors of its own): real entries have a few, and one
    /// that repeats a hundred thousand costs no more than this to read and to store.
    public static let listLimit = 100

    public init(id: String? = nil, title: String? = nil, link: String? = nil,
                published: Date? = nil, updated: Date? = nil, authors: [Person] = [],
                summary: String? = nil, content: String? = nil, categories: [String] = [],
                enclosures: [Enclosure] = [], thumbnailURL: String? = nil) {
        self.id = id
        self.title = title
        self.link = link
        self.published = published
        self.updated = updated
        self.authors = authors
        self.summary = summary
        self.content = content
        self.categories = categories
        self.enclosures = enclosures
        self.thumbnailURL = thumbnailURL
    }
}
