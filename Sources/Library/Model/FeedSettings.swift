import Foundation

/// What the feed's settings dialog changes, all at once.
public struct FeedSettings: Sendable, Equatable {
    public var title: String
    public var folderID: Int64?
    /// Minutes between automatic refreshes: nil follows the app's interval, 0 never.
    public var refreshMinutes: Int?
    /// nil follows the app's notification switch.
    public var notify: Bool?
    public var opensInBrowser: Bool
    public var alwaysFullArticle: Bool
    /// nil follows the app's remote-images switch.
    public var loadsImages: Bool?
    /// Its new episodes are downloaded for listening offline.
    public var downloadsEpisodes: Bool

    public init(of feed: Feed) {
        title = feed.displayTitle
        folderID = feed.folderID
        refreshMinutes = feed.refreshMinutes
        notify = feed.notify
        opensInBrowser = feed.opensInBrowser
        alwaysFullArticle = feed.alwaysFullArticle
        loadsImages = feed.loadsImages
        downloadsEpisodes = feed.downloadsEpisodes
    }
}

/// A feed's health, for its settings dialog (the rest is its `FetchState`).
public struct FeedHealth: Sendable, Equatable {
    /// Articles that arrived in the last four weeks, a week.
    public var articlesPerWeek: Double
    public var articles: Int

    public init(articlesPerWeek: Double = 0, articles: Int = 0) {
        self.articlesPerWeek = articlesPerWeek
        self.articles = articles
    }
}
