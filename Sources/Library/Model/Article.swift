import ArticleModel
import FeedParsing
import Foundation

/// One stored article with everything FeedParsing gave, plus its status.
public struct Article: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var feedID: Int64
    /// The feed's identity for the entry (guid / atom:id / fallback digest).
    public var guid: String
    public var link: String?
    public var title: String?
    public var published: Date?
    public var updated: Date?
    /// The date the list sorts by: published ?? updated ?? arrival, clamped to arrival.
    public var sortDate: Date
    public var authors: [Person]
    public var summary: String?
    public var content: String?
    public var categories: [String]
    public var enclosures: [Enclosure]
    public var thumbnailURL: String?
    /// When Lectern first stored it.
    public var arrived: Date
    public var read: Bool
    public var starred: Bool
    /// The article extracted from its web page, when it was loaded; the reader shows it
    /// in place of the feed's body (which is kept as the feed sent it).
    public var fullArticle: FullArticle? = nil
}
