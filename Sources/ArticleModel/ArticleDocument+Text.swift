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
        forEachParagraph(withAltText: withAltText) { lines.append($0); return true }
        return lines
    }

    /// How many characters the paragraphs hold (alt text left out), without keeping them.
    public var textLength: Int {
        var length = 0
        forEachParagraph(withAltText: false) { length += $0.count; return true }
        return length
    }

    /// The paragraphs' text from the start, joined by spaces, up to about `limit` characters.
    public func textSample(upTo limit: Int) -> String {
        var sample = ""
        forEachParagraph(withAltText: false) { line in
            sample += sample.isEmpty ? line : " " + line
            return sample.count < limit
        }
        return sample
    }

    /// Hands each paragraph's text to `body` in reading order, until it answers false; one
    /// paragraph is held at a time, however long the document.
    public func forEachParagraph(withAltText: Bool, _ body: (String) -> Bool) {
        for block in blocks where !ArticleDocument.visit(block, altText: withAltText, body) { return }
    }

    private static func visit(_ block: ArticleBlock, altText: Bool, _ body: (String) -> Bool) -> Bool {
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines):
            return body(text(of: inlines))
        case .list(_, let items):
            for item in items { for inner in item where !visit(inner, altText: altText, body) { return false } }
        case .blockquote(let inner):
            for block in inner where !visit(block, altText: altText, body) { return false }
        case .code(let code, _):
            return body(code)
        case .image(let image):
            if altText, !image.alt.isEmpty, !body(image.alt) { return false }
            if let caption = image.caption { return body(text(of: caption)) }
        case .rule:
            break
        case .embed(let embed):
            if altText, let title = embed.title { return body(title) }
        case .table(let rows):
            for row in rows where !body(row.map { text(of: $0.content) }.joined(separator: "\t")) { return false }
        }
        return true
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
