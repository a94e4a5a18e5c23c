import ArticleModel

/// What the sanitizer does with each HTML element.
enum ArticleTag: Equatable {
    /// Dropped with everything inside (scripts, styles, embedded content, forms…).
    case drop
    /// Inline formatting.
    case emphasis, strong, strikethrough, `subscript`, superscript, code, link
    case lineBreak, image
    /// A player or framed page (shown as a card), and a `<source>` of a player.
    case embed(ArticleEmbed.Kind), source
    /// Blocks.
    case heading(Int), list(ordered: Bool), listItem, blockquote, pre, rule
    case table, row, cell(header: Bool), tableCaption, figure, figcaption
    /// Elements that end a paragraph but keep their content (p, div, section…).
    case boundary
    /// Anything else: unwrapped, its content kept in place (span, font, unknown tags).
    case transparent

    init(name: String) {
        switch name {
        case "iframe": self = .embed(.frame)
        case "video": self = .embed(.video)
        case "audio": self = .embed(.audio)
        case "source": self = .source
        case "script", "style", "object", "embed", "applet", "form", "input", "button",
             "select", "textarea", "option", "noscript", "template", "svg", "math", "canvas",
             "track", "head", "title", "meta", "link", "base",
             "frame", "frameset", "noframes", "param", "map", "area", "dialog", "portal":
            self = .drop
        case "em", "i", "cite", "dfn", "var", "q": self = .emphasis
        case "strong", "b": self = .strong
        case "s", "strike", "del": self = .strikethrough
        case "sub": self = .subscript
        case "sup": self = .superscript
        case "code", "kbd", "samp", "tt": self = .code
        case "a": self = .link
        case "br": self = .lineBreak
        case "img": self = .image
        case "h1": self = .heading(1)
        case "h2": self = .heading(2)
        case "h3": self = .heading(3)
        case "h4": self = .heading(4)
        case "h5": self = .heading(5)
        case "h6": self = .heading(6)
        case "ul", "menu", "dir": self = .list(ordered: false)
        case "ol": self = .list(ordered: true)
        case "li": self = .listItem
        case "blockquote": self = .blockquote
        case "pre", "listing", "xmp", "plaintext": self = .pre
        case "hr": self = .rule
        case "table": self = .table
        case "tr": self = .row
        case "td": self = .cell(header: false)
        case "th": self = .cell(header: true)
        case "caption": self = .tableCaption
        case "figure": self = .figure
        case "figcaption": self = .figcaption
        case "p", "div", "section", "article", "header", "footer", "main", "aside", "nav", "address",
             "center", "dl", "dt", "dd", "details", "summary", "fieldset", "legend", "body", "html",
             "thead", "tbody", "tfoot", "hgroup", "picture":
            self = .boundary
        default: self = .transparent
        }
    }
}
