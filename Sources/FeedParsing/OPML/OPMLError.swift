/// Why an OPML file could not be read. Nothing of a rejected file is imported.
public enum OPMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not well-formed XML; `line` is where the parser gave up.
    case malformed(line: Int, reason: String)
    /// Well-formed XML, but the root element is not `<opml>`.
    case notOPML(rootElement: String)
    /// An `<opml>` document without a `<body>`.
    case missingBody
    /// More subscriptions (or a bigger file) than any real list holds: a runaway export or
    /// an OPML bomb. `limit` is the number of feeds (or megabytes) allowed.
    case tooManyFeeds(limit: Int)
    case tooLarge(path: String, megabytes: Int, limit: Int)
    /// The file could not be read.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .malformed(let line, let reason):
            return "The OPML file is not valid XML (line \(line): \(reason)). Nothing was imported; "
                + "export the subscriptions again from the other reader."
        case .notOPML(let root):
            return "The file is not an OPML subscription list (its root element is <\(root)>, expected <opml>). Nothing was imported."
        case .missingBody:
            return "The OPML file has no <body> with subscriptions. Nothing was imported."
        case .tooManyFeeds(let limit):
            return "The OPML file lists more than \(limit.formatted()) feeds, more than Lectern imports at once. Nothing was imported; "
                + "split the list into smaller files."
        case .tooLarge(let path, let megabytes, let limit):
            return "\(path) is \(megabytes) MB, larger than any subscription list (at most \(limit) MB). Nothing was imported."
        case .unreadable(let path, let reason):
            return "Could not read \(path): \(reason)."
        }
    }
}
