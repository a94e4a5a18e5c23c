import Localization

/// Why no article came out of a page. Each says what was found instead.
public enum ExtractionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a web page: `kind` names what they are (a PDF, an image, JSON).
    case notHTML(kind: String)
    /// The page is larger than any article page; nothing was read.
    case tooLarge(megabytes: Int, limit: Int)
    /// The page was read, but nothing in it reads as an article.
    case noArticle(reason: String)

    public var description: String {
        // Translators: {reason} says what the page holds instead, e.g. "the page is empty".
        tr("no article found: {reason}", ["reason": reason])
    }

    /// What was found instead of an article, without the leading "no article found: ".
    public var reason: String {
        switch self {
        // Translators: {kind} is what the document is, e.g. "a PDF file".
        case .notHTML(let kind): tr("the document is {kind}, not a web page", ["kind": kind])
        case .tooLarge(let megabytes, let limit):
            tr("the page is {size} MB, more than any article page (at most {limit} MB)", ["size": megabytes, "limit": limit])
        case .noArticle(let reason): reason
        }
    }
}
