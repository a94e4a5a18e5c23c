/// A folder of feeds. Folders are one level deep; nested OPML outlines are
/// flattened to a path title such as "Tech / Swift".
public struct Folder: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int64
    public var title: String
    /// The sync account the folder belongs to; nil for the local library.
    public var accountID: Int64?

    public init(id: Int64, title: String, accountID: Int64? = nil) {
        self.id = id
        self.title = title
        self.accountID = accountID
    }
}
