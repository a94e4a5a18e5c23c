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

/// What an OPML import did.
public struct OPMLImportResult: Sendable, Equatable {
    /// Feeds newly subscribed.
    public var added: Int
    /// Feeds already in the library (or repeated in the file), left as they were.
    public var duplicates: Int
    /// Folders created.
    public var foldersCreated: Int
    /// Outlines whose `xmlUrl` is not an http(s) or file URL, skipped.
    public var invalid: [String]

    public init(added: Int = 0, duplicates: Int = 0, foldersCreated: Int = 0, invalid: [String] = []) {
        self.added = added
        self.duplicates = duplicates
        self.foldersCreated = foldersCreated
        self.invalid = invalid
    }
}
