/// An article as the reader shows it: a small, safe document model of blocks.
///
/// FeedParsing makes one from an article's HTML (`ArticleDocument.parse(html:baseURL:)`),
/// keeping only content: scripts, styles, frames, forms, event attributes and tracking
/// pixels never reach it; every address in it is absolute.
public struct ArticleDocument: Sendable, Equatable {
    public var blocks: [ArticleBlock]

    public init(blocks: [ArticleBlock]) {
        self.blocks = blocks
    }
}
