/// A block of a sanitized article (see `ArticleDocument`).
public enum ArticleBlock: Sendable, Equatable {
    /// A paragraph (also any run of inline content found at block level).
    case paragraph([ArticleInline])
    /// `<h1>`…`<h6>`; `level` is 1…6.
    case heading(level: Int, content: [ArticleInline])
    /// `<ul>` / `<ol>`: each item is a list of blocks.
    indirect case list(ordered: Bool, items: [[ArticleBlock]])
    /// `<blockquote>`.
    indirect case blockquote([ArticleBlock])
    /// `<pre>`: the text exactly as written; the language from a `language-x` /
    /// `lang-x` class on the `<pre>` or its `<code>`, when given.
    case code(text: String, language: String?)
    /// `<img>` (tracking pixels dropped), with the `<figcaption>` of its `<figure>`.
    case image(ArticleImage)
    /// `<hr>`.
    case rule
    /// A simple table: rows of cells of inline content.
    case table([[ArticleTableCell]])
    /// A video, audio or framed page (`<video>`, `<audio>`, `<iframe>`): the reader shows a
    /// card that opens it in the browser, never the player itself.
    case embed(ArticleEmbed)
}

/// Something the article embeds rather than says: a player or a framed page.
public struct ArticleEmbed: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case video, audio, frame
    }

    public var kind: Kind
    /// The absolute `http(s)` address of the player or page.
    public var url: String
    /// Its `title`, when the article gives one.
    public var title: String?

    public init(kind: Kind, url: String, title: String? = nil) {
        self.kind = kind
        self.url = url
        self.title = title
    }
}

/// An image of a sanitized article.
public struct ArticleImage: Sendable, Equatable {
    /// The absolute image URL (`http`, `https` or `data:image/…`).
    public var url: String
    /// The `alt` text (empty when none was given).
    public var alt: String
    /// The figure caption, when the image is the picture of a `<figure>`.
    public var caption: [ArticleInline]?
    /// The size the article asks for, in CSS pixels, when given.
    public var width: Int?
    public var height: Int?
    /// The link the image is wrapped in (`<a href><img></a>`), if any.
    public var link: String?

    public init(url: String, alt: String = "", caption: [ArticleInline]? = nil,
                width: Int? = nil, height: Int? = nil, link: String? = nil) {
        self.url = url
        self.alt = alt
        self.caption = caption
        self.width = width
        self.height = height
        self.link = link
    }
}

/// One cell of an article table.
public struct ArticleTableCell: Sendable, Equatable {
    /// True for `<th>`.
    public var isHeader: Bool
    public var content: [ArticleInline]

    public init(isHeader: Bool = false, content: [ArticleInline]) {
        self.isHeader = isHeader
        self.content = content
    }
}
