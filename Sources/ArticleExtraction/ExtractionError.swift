/// Why no article came out of a page. Each says what was found instead.
public enum ExtractionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a web page: `kind` names what they are (a PDF, an image, JSON).
    case notHTML(kind: String)
    /// The page is larger than any article page; nothing was read.
    case tooLarge(megabytes: Int, limit: Int)
    /// The page was read, but nothing in it reads as an article.
    case noArticle(reason: String)

    public var description: String {
        switch self {
        case .notHTML(let kind): "no article found: the document is \(kind), not a web page"
        case .tooLarge(let megabytes, let limit): "no article found: the page is \(megabytes) MB, more than any article page (at most \(limit) MB)"
        case .noArticle(let reason): "no article found: \(reason)"
        }
    }
}
