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

    public init(url: String, title: String? = nil, siteURL: String? = nil, folder: String? = nil) {
        self.url = url
        self.title = title
        self.siteURL = siteURL
        self.folder = folder
    }
}
