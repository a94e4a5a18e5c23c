import ArticleModel
import CGtk4
import Foundation
import GtkBridge
@testable import Library

extension Article {
    /// An unread article of feed 1 with `content` as its HTML, for the reader's tests.
    static func sample(title: String, content: String, enclosures: [Enclosure] = []) -> Article {
        Article(id: 1, feedID: 1, guid: "sample", link: nil, title: title, published: nil, updated: nil, sortDate: Date(),
                authors: [], summary: nil, content: content, categories: [], enclosures: enclosures, thumbnailURL: nil,
                arrived: Date(), read: false, starred: false)
    }
}

/// The reader's paragraphs under `root`, in order.
@MainActor
func readerParagraphs(in root: WidgetPointer) -> [WidgetPointer] {
    Widgets.descendants(of: root).filter { gtk_widget_has_css_class($0, "article-paragraph") != 0 }
}
