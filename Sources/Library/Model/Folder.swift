/// A folder of feeds. Folders are one level deep; nested OPML outlines are
/// flattened to a path title such as "Tech / Swift".
public struct Folder: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int64
    public var title: String

    public init(id: Int64, title: String) {
        self.id = id
        self.title = title
    }
}
