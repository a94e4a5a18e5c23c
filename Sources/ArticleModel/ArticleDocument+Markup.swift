/// A document as HTML: what `--extract-article` prints and what a copy would carry. Only
/// the model's own elements are written, every text and address escaped.
extension ArticleDocument {
    public var html: String {
        var out = ""
        for block in blocks { Self.write(block, to: &out) }
        return out
    }

    private static func write(_ block: ArticleBlock, to out: inout String) {
        switch block {
        case .paragraph(let inlines):
            out += "<p>"; write(inlines, to: &out); out += "</p>\n"
        case .heading(let level, let inlines):
            let tag = "h\(min(max(level, 1), 6))"
            out += "<\(tag)>"; write(inlines, to: &out); out += "</\(tag)>\n"
        case .list(let ordered, let items):
            let tag = ordered ? "ol" : "ul"
            out += "<\(tag)>\n"
            for item in items {
                out += "<li>"
                for inner in item { write(inner, to: &out) }
                out += "</li>\n"
            }
            out += "</\(tag)>\n"
        case .blockquote(let inner):
            out += "<blockquote>\n"
            for block in inner { write(block, to: &out) }
            out += "</blockquote>\n"
        case .code(let text, let language):
            // A newline after the opening tags, which a reader drops: the code's own first
            // newline, if it has one, survives being read back.
            out += "<pre><code" + (language.map { " class=\"language-\(escape($0, quote: true))\"" } ?? "") + ">\n"
            out += escape(text, quote: false) + "</code></pre>\n"
        case .image(let image):
            var img = "<img src=\"\(escape(image.url, quote: true))\" alt=\"\(escape(image.alt, quote: true))\""
            if let width = image.width { img += " width=\"\(width)\"" }
            if let height = image.height { img += " height=\"\(height)\"" }
            img += ">"
            if let link = image.link { img = "<a href=\"\(escape(link, quote: true))\">\(img)</a>" }
            if let caption = image.caption {
                out += "<figure>" + img + "<figcaption>"
                write(caption, to: &out)
                out += "</figcaption></figure>\n"
            } else {
                out += img + "\n"
            }
        case .rule:
            out += "<hr>\n"
        case .embed(let embed):
            // A link, not the player: the HTML stays free of active content, and reading it
            // back gives the same card (`data-embed` is the sanitizer's own mark).
            let title = embed.title ?? embed.url
            out += "<p><a data-embed=\"\(embed.kind.rawValue)\" href=\"\(escape(embed.url, quote: true))\""
            out += (embed.title.map { " title=\"\(escape($0, quote: true))\"" } ?? "") + ">"
            out += escape(title, quote: false) + "</a></p>\n"
        case .table(let rows):
            out += "<table>\n"
            for row in rows {
                out += "<tr>"
                for cell in row {
                    let tag = cell.isHeader ? "th" : "td"
                    out += "<\(tag)>"; write(cell.content, to: &out); out += "</\(tag)>"
                }
                out += "</tr>\n"
            }
            out += "</table>\n"
        }
    }

    private static func write(_ inlines: [ArticleInline], to out: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let text): out += escape(text, quote: false)
            case .emphasis(let inner): out += "<em>"; write(inner, to: &out); out += "</em>"
            case .strong(let inner): out += "<strong>"; write(inner, to: &out); out += "</strong>"
            case .code(let text): out += "<code>" + escape(text, quote: false) + "</code>"
            case .link(let url, let inner): out += "<a href=\"\(escape(url, quote: true))\">"; write(inner, to: &out); out += "</a>"
            case .lineBreak: out += "<br>"
            case .strikethrough(let inner): out += "<s>"; write(inner, to: &out); out += "</s>"
            case .subscript(let inner): out += "<sub>"; write(inner, to: &out); out += "</sub>"
            case .superscript(let inner): out += "<sup>"; write(inner, to: &out); out += "</sup>"
            }
        }
    }

    private static func escape(_ text: String, quote: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quote: out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
