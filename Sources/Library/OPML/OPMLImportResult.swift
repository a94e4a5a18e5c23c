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
    /// Outlines naming a local file, skipped: a list never makes Lectern read one.
    public var local: [String]

    public init(added: Int = 0, duplicates: Int = 0, foldersCreated: Int = 0, invalid: [String] = [], local: [String] = []) {
        self.added = added
        self.duplicates = duplicates
        self.foldersCreated = foldersCreated
        self.invalid = invalid
        self.local = local
    }
}
