import Foundation

/// A subscription and its fetch state, as stored.
public struct Feed: Sendable, Equatable, Identifiable {
    public var id: Int64
    /// Where the feed is fetched from (updated by permanent redirects).
    public var url: String
    /// The feed's title, or nil before the first successful fetch.
    public var title: String?
    /// The home page the feed belongs to.
    public var siteURL: String?
    public var iconURL: String?
    public var folderID: Int64?
    public var addedAt: Date
    /// What the last fetches did; for the UI's feed details.
    public var fetchState: FetchState
    /// Opening one of its articles loads the full article from the web page (once; it is
    /// stored, and loaded again only when asked).
    public var alwaysFullArticle: Bool
    /// The sync account whose server holds this subscription; nil for the local library,
    /// whose feeds Lectern fetches itself.
    public var accountID: Int64?
    /// Notifications about its new articles: nil follows the app's switch.
    public var notify: Bool?
    /// How often it is refreshed by itself, in minutes: nil follows the app's interval, 0 never.
    public var refreshMinutes: Int?
    /// Its articles open in the web browser instead of the reader.
    public var opensInBrowser: Bool
    /// The language the feed says it is in (a tag such as `ar` or `en-GB`), from its last fetch.
    public var language: String?
    /// Whether its articles' pictures load from their sites: nil follows the app's switch.
    public var loadsImages: Bool?
    /// Its new podcast episodes are downloaded for listening offline after each refresh.
    public var downloadsEpisodes: Bool

    /// The title to show: the feed's title, or its host when it has none yet.
    public var displayTitle: String {
        if let title, !title.isEmpty { return title }
        return URL(string: url)?.host ?? url
    }

    public init(id: Int64, url: String, title: String? = nil, siteURL: String? = nil, iconURL: String? = nil,
                folderID: Int64? = nil, addedAt: Date = Date(), fetchState: FetchState = FetchState(),
                alwaysFullArticle: Bool = false, accountID: Int64? = nil, notify: Bool? = nil,
                refreshMinutes: Int? = nil, opensInBrowser: Bool = false, language: String? = nil, loadsImages: Bool? = nil,
                downloadsEpisodes: Bool = false) {
        self.id = id
        self.url = url
        self.title = title
        self.siteURL = siteURL
        self.iconURL = iconURL
        self.folderID = folderID
        self.addedAt = addedAt
        self.fetchState = fetchState
        self.alwaysFullArticle = alwaysFullArticle
        self.accountID = accountID
        self.notify = notify
        self.refreshMinutes = refreshMinutes
        self.opensInBrowser = opensInBrowser
        self.language = language
        self.loadsImages = loadsImages
        self.downloadsEpisodes = downloadsEpisodes
    }

    /// Whether an automatic refresh at `now` should fetch it: its own interval (or
    /// `defaultInterval`) has passed since the last attempt; never with an interval of 0, when
    /// gone, or while it backs off.
    public func isDue(at now: Date, defaultInterval: TimeInterval) -> Bool {
        if refreshMinutes == 0 || fetchState.gone { return false }
        if let next = fetchState.nextAttempt, next > now { return false }   // backing off
        guard let last = fetchState.lastAttempt else { return true }
        let interval = refreshMinutes.map { TimeInterval($0 * 60) } ?? defaultInterval
        // A minute's slack: the timer that asks runs once a minute.
        return now.timeIntervalSince(last) >= interval - 60
    }
}

/// Per-feed fetch state: validators for conditional GET, outcome of the last
/// attempts and when the next one is allowed.
public struct FetchState: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?
    public var lastAttempt: Date?
    public var lastSuccess: Date?
    /// The HTTP status of the last response (nil for file:// or network failures).
    public var httpStatus: Int?
    /// The last error in plain words, nil after a success.
    public var lastError: String?
    /// How many refreshes answered 304 Not Modified.
    public var notModifiedCount: Int
    /// Consecutive failures (drives the exponential back-off).
    public var failureCount: Int
    /// Not fetched before this time (back-off or Retry-After); nil means any time.
    public var nextAttempt: Date?
    /// The server answered 410 Gone: never fetched again.
    public var gone: Bool

    public init(etag: String? = nil, lastModified: String? = nil, lastAttempt: Date? = nil, lastSuccess: Date? = nil,
                httpStatus: Int? = nil, lastError: String? = nil, notModifiedCount: Int = 0, failureCount: Int = 0,
                nextAttempt: Date? = nil, gone: Bool = false) {
        self.etag = etag
        self.lastModified = lastModified
        self.lastAttempt = lastAttempt
        self.lastSuccess = lastSuccess
        self.httpStatus = httpStatus
        self.lastError = lastError
        self.notModifiedCount = notModifiedCount
        self.failureCount = failureCount
        self.nextAttempt = nextAttempt
        self.gone = gone
    }
}
