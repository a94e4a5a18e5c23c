import Localization

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
            return tr("The OPML file is not valid XML (line {line}: {error}). Nothing was imported; export the subscriptions again from the other reader.",
                      ["line": String(line), "error": reason])
        case .notOPML(let root):
            // Translators: <opml> is an XML element name; keep it as it is.
            return tr("The file is not an OPML subscription list (its root element is <{element}>, expected <opml>). Nothing was imported.",
                      ["element": root])
        case .missingBody:
            // Translators: <body> is an XML element name; keep it as it is.
            return tr("The OPML file has no <body> with subscriptions. Nothing was imported.")
        case .tooManyFeeds(let limit):
            return tr("The OPML file lists more than {count} feed, more than Lectern imports at once. Nothing was imported; split the list into smaller files.",
                      plural: "The OPML file lists more than {count} feeds, more than Lectern imports at once. Nothing was imported; split the list into smaller files.",
                      count: limit)
        case .tooLarge(let path, let megabytes, let limit):
            return tr("{path} is {size} MB, larger than any subscription list (at most {limit} MB). Nothing was imported.",
                      ["path": path, "size": megabytes, "limit": limit])
        case .unreadable(let path, let reason):
            return tr("Could not read {path}: {error}.", ["path": path, "error": reason])
        }
    }
}
