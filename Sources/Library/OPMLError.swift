/// Why an OPML file was rejected. Nothing of a rejected file is imported.
public enum OPMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not well-formed XML; `line` is where the parser gave up.
    case malformed(line: Int, reason: String)
    /// Well-formed XML, but the root element is not `<opml>`.
    case notOPML(rootElement: String)
    /// An `<opml>` document without a `<body>`.
    case missingBody
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// Storing the subscriptions failed; nothing was imported.
    case storage(StorageError)

    public var description: String {
        switch self {
        case .malformed(let line, let reason):
            return "The OPML file is not valid XML (line \(line): \(reason)). Nothing was imported; "
                + "export the subscriptions again from the other reader."
        case .notOPML(let root):
            return "The file is not an OPML subscription list (its root element is <\(root)>, expected <opml>). Nothing was imported."
        case .missingBody:
            return "The OPML file has no <body> with subscriptions. Nothing was imported."
        case .unreadable(let path, let reason):
            return "Could not read \(path): \(reason)."
        case .storage(let error):
            return "The subscriptions could not be saved, so nothing was imported: \(error)"
        }
    }
}
