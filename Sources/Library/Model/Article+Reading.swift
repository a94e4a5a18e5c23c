import ArticleModel
import FeedParsing
import Foundation

extension Article {
    /// The article as the reader shows it: its full article when one was loaded, else its
    /// content (or, without one, its summary), sanitized into the document model, every
    /// address resolved against its link.
    public var readerDocument: ArticleDocument {
        ArticleDocument.parse(html: fullArticle?.html ?? content ?? summary ?? "", baseURL: link.flatMap(URL.init(string:)))
    }
}
