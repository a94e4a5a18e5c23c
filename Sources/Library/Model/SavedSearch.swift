import Foundation

/// A search kept as a view of its own: the words, and whether it lists unread articles only.
public struct SavedSearch: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var name: String
    public var query: String
    public var unreadOnly: Bool

    public init(id: Int64, name: String, query: String, unreadOnly: Bool = false) {
        self.id = id
        self.name = name
        self.query = query
        self.unreadOnly = unreadOnly
    }

    /// The view it searches in.
    public var view: ArticleView { unreadOnly ? .unread : .all }
}
