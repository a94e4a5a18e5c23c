import ArticleModel
import Foundation

/// A parsed feed: the channel's fields, its entries and any warnings met on the way.
public struct ParsedFeed: Sendable, Equatable {
    /// The format sniffed from the bytes.
    public var format: FeedFormat
    /// The feed title as plain text.
    public var title: String?
    /// The alternate (home page) link, absolute; never the `self` link.
    public var link: String?
    /// Description / subtitle / tagline.
    public var description: String?
    /// The language tag (`language`, `dc:language` or `xml:lang`).
    public var language: String?
    /// When the feed last changed (UTC).
    public var updated: Date?
    /// Feed-level authors.
    public var authors: [Person]
    /// The feed's icon or logo, absolute.
    public var iconURL: String?
    /// The entries in document order.
    public var entries: [ParsedEntry]
    /// Problems recovered from (malformed XML, undecodable bytes, ...).
    public var warnings: [String]

    public init(format: FeedFormat, title: String? = nil, link: String? = nil,
                description: String? = nil, language: String? = nil, updated: Date? = nil,
                authors: [Person] = [], iconURL: String? = nil, entries: [ParsedEntry] = [],
                warnings: [String] = []) {
        self.format = format
        self.title = title
        self.link = link
        self.description = description
        self.language = language
        self.updated = updated
        self.authors = authors
        self.iconURL = iconURL
        self.entries = entries
        self.warnings = warnings
    }
}

extension ParsedFeed {
    /// Its title, its entries' titles, and every author's name and category term kept to one
    /// line's length (`PlainText.line`), whatever the format.
    mutating func shortenLines() {
        title = title.map(PlainText.line)
        authors = authors.map(\.shortened)
        for index in entries.indices {
            entries[index].title = entries[index].title.map(PlainText.line)
            entries[index].authors = entries[index].authors.map(\.shortened)
            entries[index].categories = entries[index].categories.map(PlainText.line)
        }
    }
}

private extension Person {
    var shortened: Person { Person(name: name.map(PlainText.line), email: email.map(PlainText.line), uri: uri) }
}
