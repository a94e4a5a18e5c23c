import Foundation

/// The whole article as extracted from its web page, stored beside the feed's version.
public struct FullArticle: Sendable, Equatable {
    /// The body, sanitized (what the reader draws), every address absolute.
    public var html: String
    /// Its plain text (what search finds).
    public var text: String
    /// The author line the page gives, when the feed gave none.
    public var byline: String?
    /// When it was fetched: it is fetched again only when the user asks.
    public var fetched: Date

    public init(html: String, text: String, byline: String? = nil, fetched: Date = Date()) {
        self.html = html
        self.text = text
        self.byline = byline
        self.fetched = fetched
    }
}
