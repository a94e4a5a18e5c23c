/// A media file attached to an entry (RSS `enclosure`, Atom `link rel="enclosure"`,
/// `media:content`, JSON Feed `attachments`).
public struct Enclosure: Sendable, Equatable, Hashable {
    /// The absolute URL of the file.
    public var url: String
    /// The MIME type, when given.
    public var type: String?
    /// The size in bytes, when given and numeric.
    public var length: Int?

    public init(url: String, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}
