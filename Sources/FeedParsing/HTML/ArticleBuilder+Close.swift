import ArticleModel

/// Turning a finished frame into content of its parent.
extension ArticleBuilder {
    func closeFrame() {
        var frame = frames.removeLast()
        let parent = frames.count - 1
        switch frame.kind {
        case .root:
            break
        case .inline(let tag):
            guard !keepOnlySpace(frame.inlines) else { return }
            switch tag {
            case .strong: appendInline(.strong(frame.inlines))
            case .strikethrough: appendInline(.strikethrough(frame.inlines))
            case .subscript: appendInline(.subscript(frame.inlines))
            case .superscript: appendInline(.superscript(frame.inlines))
            default: appendInline(.emphasis(frame.inlines))
            }
        case .link(let url):
            if !keepOnlySpace(frame.inlines) { appendInline(.link(url: url, children: frame.inlines)) }
        case .code:
            if let text = PlainText.collapsed(frame.text) {
                appendInline(.code(text))
                endsInSpace = false
            }
        case .heading(let level):
            trimTrailingSpace(&frame.inlines)
            if !frame.inlines.isEmpty { emitBlock(.heading(level: level, content: frame.inlines)) }
            endsInSpace = true
        case .pre:
            preFrame = nil
            var text = frame.text
            if text.hasPrefix("\r\n") { text.removeFirst() }
            if text.hasPrefix("\n") { text.removeFirst() } // HTML drops the newline right after <pre>
            while text.hasSuffix("\n") { text.removeLast() }
            if !text.isEmpty { emitBlock(.code(text: text, language: frame.language)) }
        case .blockquote, .listItem, .figure:
            frames.append(frame) // back on top, to flush its own run
            flushRun(of: frames.count - 1)
            frame = frames.removeLast()
            closeContainer(frame, parent: parent)
        case .list(let ordered):
            frames.append(frame)
            looseContentToItem(frames.count - 1)
            frame = frames.removeLast()
            if !frame.items.isEmpty { emitBlock(.list(ordered: ordered, items: frame.items)) }
        case .table:
            if !frame.rows.isEmpty { emitBlock(.table(frame.rows)) }
        case .row:
            if !frame.cells.isEmpty { frames[parent].rows.append(frame.cells) }
        case .cell(let header):
            trimTrailingSpace(&frame.inlines)
            while frame.inlines.last == .lineBreak { frame.inlines.removeLast() }
            if case .row = frames[parent].kind {
                frames[parent].cells.append(ArticleTableCell(isHeader: header, content: frame.inlines))
            }
        case .figcaption:
            trimTrailingSpace(&frame.inlines)
            if !frame.inlines.isEmpty { frames[parent].caption = frame.inlines }
        case .tableCaption:
            trimTrailingSpace(&frame.inlines)
            if !frame.inlines.isEmpty { frames[containerIndex].blocks.append(.paragraph(frame.inlines)) }
        case .embed(let embed):
            if !embed.url.isEmpty { emitBlock(.embed(embed)) }
        }
    }

    private func closeContainer(_ frame: Frame, parent: Int) {
        switch frame.kind {
        case .blockquote:
            if !frame.blocks.isEmpty { emitBlock(.blockquote(frame.blocks)) }
        case .listItem:
            if case .list = frames[parent].kind { frames[parent].items.append(frame.blocks) }
        case .figure:
            var blocks = frame.blocks
            if let caption = frame.caption {
                if let index = blocks.firstIndex(where: { if case .image(let image) = $0 { return image.caption == nil } else { return false } }),
                   case .image(var image) = blocks[index] {
                    image.caption = caption
                    blocks[index] = .image(image)
                } else {
                    blocks.append(.paragraph(caption))
                }
            }
            for block in blocks { emitBlock(block) }
        default:
            break
        }
        endsInSpace = true
    }

    /// True when an inline element held nothing (or only a space, which is passed on).
    private func keepOnlySpace(_ inlines: [ArticleInline]) -> Bool {
        if inlines.isEmpty { return true }
        guard inlines == [.text(" ")] else { return false }
        appendInline(.text(" "))
        return true
    }
}
