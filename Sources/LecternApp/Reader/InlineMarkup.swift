import ArticleModel
import CGtk4

/// Article inlines as Pango markup for one label: text escaped, emphasis, code and links
/// kept (links open in the browser through the label's `activate-link`).
enum InlineMarkup {
    static func markup(_ inlines: [ArticleInline]) -> String {
        inlines.map(markup).joined()
    }

    static func markup(_ inline: ArticleInline) -> String {
        switch inline {
        case .text(let text): escape(text)
        case .emphasis(let children): "<i>\(markup(children))</i>"
        case .strong(let children): "<b>\(markup(children))</b>"
        case .code(let text): "<tt>\(escape(text))</tt>"
        case .link(let url, let children): "<a href=\"\(escape(url))\">\(markup(children))</a>"
        case .lineBreak: "\n"
        case .strikethrough(let children): "<s>\(markup(children))</s>"
        case .subscript(let children): "<sub>\(markup(children))</sub>"
        case .superscript(let children): "<sup>\(markup(children))</sup>"
        }
    }

    /// The visible text of each link in `inlines`, in order.
    static func linkTexts(_ inlines: [ArticleInline]) -> [String] {
        inlines.flatMap { inline -> [String] in
            switch inline {
            case .link(_, let children): [plainText(children)]
            case .emphasis(let children), .strong(let children), .strikethrough(let children),
                 .subscript(let children), .superscript(let children): linkTexts(children)
            case .text, .code, .lineBreak: []
            }
        }
    }

    static func plainText(_ inlines: [ArticleInline]) -> String {
        inlines.map { inline in
            switch inline {
            case .text(let text), .code(let text): text
            case .lineBreak: " "
            case .emphasis(let children), .strong(let children), .strikethrough(let children),
                 .subscript(let children), .superscript(let children), .link(_, let children): plainText(children)
            }
        }.joined()
    }

    /// Escapes text for Pango markup (g_markup_escape_text).
    static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
