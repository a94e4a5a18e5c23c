import ArticleModel
import Foundation

/// The article found in a web page.
public struct ExtractedArticle: Sendable, Equatable {
    public var title: String?
    public var byline: String?
    /// The publication date as the page gives it (ISO 8601 in most pages).
    public var published: String?
    public var siteName: String?
    /// The page's language (`lang`, BCP 47), when it says.
    public var language: String?
    /// `ltr` or `rtl`: from the article's (or page's) `dir`, else from its script.
    public var direction: String?
    /// The page's lead image (absolute), when it names one.
    public var leadImage: String?
    /// The body, sanitized: what the reader draws.
    public var document: ArticleDocument

    /// The body as plain text: a paragraph a line, blank lines between.
    public var text: String { document.paragraphs(withAltText: false).joined(separator: "\n\n") }
}
