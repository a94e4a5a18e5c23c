import Localization

/// Why some bytes could not be read as a feed at all. Recoverable problems are
/// reported in `ParsedFeed.warnings` instead.
public enum FeedParserError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body was empty or only whitespace.
    case empty
    /// Well-formed enough XML, but its root element is not a feed (e.g. `html`).
    case notAFeed(rootElement: String)
    /// The bytes are neither XML nor JSON. The message says what kind of content it is, never
    /// what it says: the bytes may be a file nobody meant to show.
    case unrecognized(kind: ContentKind)
    /// The document ended before its root element was found (truncated or not markup).
    case noRootElement(detail: String)
    /// JSON that is not a JSON Feed; `reason` says what was found instead.
    case notJSONFeed(reason: String)
    /// The file given to `FeedParser.parse(contentsOf:)` could not be read.
    case unreadable(path: String, reason: String)

    /// What unrecognized content looks like.
    public enum ContentKind: Sendable, Equatable {
        case text, binary
    }

    public var description: String {
        switch self {
        case .empty:
            return tr("not a feed: the document is empty")
        case .notAFeed(let root):
            // Translators: the words in angle brackets are XML element names; keep them as they are.
            return tr("not a feed: the root element is <{element}>, expected <rss>, <rdf:RDF> or <feed>", ["element": root])
        case .unrecognized(.text):
            return tr("not a feed: the content is plain text, neither XML nor JSON")
        case .unrecognized(.binary):
            return tr("not a feed: the content is binary data, neither XML nor JSON")
        case .noRootElement(let detail):
            return tr("not a feed: no root element was found ({reason})", ["reason": detail])
        case .notJSONFeed(let reason):
            return tr("not a feed: JSON, but not a JSON Feed ({reason})", ["reason": reason])
        case .unreadable(let path, let reason):
            return tr("cannot read {path}: {error}; check that the file exists and is readable", ["path": path, "error": reason])
        }
    }
}
