/// A media file attached to an entry (RSS `enclosure`, Atom `link rel="enclosure"`,
/// `media:content`, JSON Feed `attachments`).
public struct Enclosure: Sendable, Equatable, Hashable {
    /// The absolute URL of the file.
    public var url: String
    /// The MIME type, when given.
    public var type: String?
    /// The size in bytes, when given and numeric.
    public var length: Int?

    /// Whether Lectern's player plays it: audio or video by its type, or, when the feed gives no
    /// useful type, by its file name's extension.
    public var isPlayable: Bool {
        let type = (type ?? "").lowercased()
        if type.hasPrefix("audio/") || type.hasPrefix("video/") { return true }
        guard type.isEmpty || type == "application/octet-stream" || type == "binary/octet-stream" else { return false }
        let name = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return false }
        return Self.mediaExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    static let mediaExtensions: Set<String> = ["mp3", "m4a", "m4b", "aac", "ogg", "oga", "opus", "flac", "wav", "mp4",
                                                "m4v", "webm", "mkv", "mov", "ogv"]

    public init(url: String, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}
