/// Unread counts for the sidebar.
public struct UnreadCounts: Sendable, Equatable {
    /// Unread articles in the whole library.
    public var all: Int
    /// Starred articles (read or not).
    public var starred: Int
    /// Unread per feed id (feeds with none are absent).
    public var byFeed: [Int64: Int]
    /// Unread per folder id (folders with none are absent).
    public var byFolder: [Int64: Int]
    /// Unread per sync account id (accounts with none are absent).
    public var byAccount: [Int64: Int]
    /// Unread articles per label id (labels with none are absent).
    public var byLabel: [Int64: Int] = [:]
    /// Unread matches per saved search id.
    public var bySavedSearch: [Int64: Int] = [:]
    /// Podcast episodes not yet heard to their end; nil when the library has no episode at all.
    public var unplayedEpisodes: Int?

    public init(all: Int = 0, starred: Int = 0, byFeed: [Int64: Int] = [:], byFolder: [Int64: Int] = [:],
                byAccount: [Int64: Int] = [:]) {
        self.all = all
        self.starred = starred
        self.byFeed = byFeed
        self.byFolder = byFolder
        self.byAccount = byAccount
    }
}
