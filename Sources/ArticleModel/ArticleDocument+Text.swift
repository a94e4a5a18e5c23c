/// The plain text of a document: what a screen reader, a search index or a copy would take.
extension ArticleDocument {
    /// The article's text: one line per paragraph, heading, list item, table row or
    /// caption; code kept as written; images by their alt text.
    public var plainText: String {
        paragraphs(withAltText: true).joined(separator: "\n")
    }

    /// The text a paragraph at a time (each heading, list item, table row, caption and code
    /// block its own); images by their alt text only when asked.
    public func paragraphs(withAltText: Bool) -> [String] {
        var lines: [String] = []
        for block in blocks { ArticleDocument.appendLines(of: block, to: &lines, altText: withAltText) }
        return lines
    }

    private static func appendLines(of block: ArticleBlock, to lines: inout [String], altText: Bool) {
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines):
            lines.append(text(of: inlines))
        case .list(_, let items):
            for item in items { for inner in item { appendLines(of: inner, to: &lines, altText: altText) } }
        case .blockquote(let inner):
            for block in inner { appendLines(of: block, to: &lines, altText: altText) }
        case .code(let code, _):
            lines.append(code)
        case .image(let image):
            if altText, !image.alt.isEmpty { lines.append(image.alt) }
            if let caption = image.caption { lines.append(text(of: caption)) }
        case .rule:
            break
        case .embed(let embed):
            if altText, let title = embed.title { lines.append(title) }
        case .table(let rows):
            for row in rows { lines.append(row.map { text(of: $0.content) }.joined(separator: "\t")) }
        }
    }

    /// The text of inline content (line breaks as spaces).
    static func text(of inlines: [ArticleInline]) -> String {
        var out = ""
        var stack: [ArraySlice<ArticleInline>] = [inlines[...]]
        while var top = stack.popLast() {
            guard let first = top.popFirst() else { continue }
            stack.append(top)
            switch first {
            case .text(let text), .code(let text): out += text
            case .lineBreak: out += " "
            case .emphasis(let inner), .strong(let inner), .strikethrough(let inner),
                 .subscript(let inner), .superscript(let inner), .link(_, let inner):
                stack.append(inner[...])
            }
        }
        return out
    }
}
