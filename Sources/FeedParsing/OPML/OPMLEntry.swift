/// One subscription read from an OPML file.
public struct OPMLEntry: Sendable, Equatable {
    /// The feed URL (`xmlUrl`).
    public var url: String
    /// `title`, else `text`.
    public var title: String?
    /// The home page (`htmlUrl`).
    public var siteURL: String?
    /// The folder: the enclosing outlines' titles joined with " / " (nil at top level).
    public var folder: String?
    /// Lectern's own settings, in its OPML namespace (`OPMLEntry.lecternNamespace`).
    public var settings = Settings()

    /// A feed's settings as Lectern writes them: `lectern:refreshMinutes`, `lectern:notify`,
    /// `lectern:openInBrowser`, `lectern:fullArticle`, `lectern:loadImages`, `lectern:downloadEpisodes`
    /// (absent: the default).
    public struct Settings: Sendable, Equatable {
        public var refreshMinutes: Int?
        public var notify: Bool?
        public var openInBrowser: Bool?
        public var fullArticle: Bool?
        public var loadImages: Bool?
        /// Its new episodes downloaded for listening offline.
        public var downloadEpisodes: Bool?

        public init(refreshMinutes: Int? = nil, notify: Bool? = nil, openInBrowser: Bool? = nil, fullArticle: Bool? = nil,
                    loadImages: Bool? = nil, downloadEpisodes: Bool? = nil) {
            self.refreshMinutes = refreshMinutes
            self.notify = notify
            self.openInBrowser = openInBrowser
            self.fullArticle = fullArticle
            self.loadImages = loadImages
            self.downloadEpisodes = downloadEpisodes
        }
    }

    /// The namespace of Lectern's outline attributes (OPML 2.0 wants extensions namespaced).
    public static let lecternNamespace = "https://lectern.dev/opml"

    public init(url: String, title: String? = nil, siteURL: String? = nil, folder: String? = nil, settings: Settings = Settings()) {
        self.url = url
        self.title = title
        self.siteURL = siteURL
        self.folder = folder
        self.settings = settings
    }
}
