import ArticleModel
import Foundation
@testable import Library

extension Article {
    /// An unread article of feed 1 with `content` as its HTML, for the reader's tests.
    static func sample(title: String, content: String, enclosures: [Enclosure] = []) -> Article {
        Article(id: 1, feedID: 1, guid: "sample", link: nil, title: title, published: nil, updated: nil, sortDate: Date(),
                authors: [], summary: nil, content: content, categories: [], enclosures: enclosures, thumbnailURL: nil,
                arrived: Date(), read: false, starred: false)
    }
}
