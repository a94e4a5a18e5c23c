import ArticleModel

/// Builds an `ArticleDocument` from an HTML tree (libxml2's, or a `PageTree`) walked
/// iteratively by its caller (no recursion, so nesting depth cannot overflow the stack). Semantic elements open a
/// frame; past `maxFrames` open frames, further elements are unwrapped.
final class ArticleBuilder {
    static let maxFrames = 64

    enum Kind {
        /// Holds blocks (the document, a blockquote, a list item, a figure, a list's loose content).
        case root, blockquote, listItem, figure
        case list(ordered: Bool)
        /// Hold inline content.
        case inline(ArticleTag), link(String), heading(Int), cell(header: Bool), figcaption, tableCaption
        /// Hold raw text.
        case pre, code
        /// Hold rows and cells.
        case table, row
        /// A `<video>` or `<audio>` waiting for the address of its first `<source>`.
        case embed(ArticleEmbed)
    }

    struct Frame {
        var kind: Kind
        /// The key of the element whose end closes this frame.
        var node: Int?
        var blocks: [ArticleBlock] = []
        /// Containers: the inline run not yet made a paragraph. Inline frames: their content.
        var inlines: [ArticleInline] = []
        /// Containers: images met inside inline elements, placed after the current run.
        var hoisted: [ArticleBlock] = []
        var items: [[ArticleBlock]] = []
        var rows: [[ArticleTableCell]] = []
        var cells: [ArticleTableCell] = []
        var text = ""
        var language: String?
        var caption: [ArticleInline]?

        var isContainer: Bool {
            switch kind {
            case .root, .blockquote, .listItem, .figure, .list: return true
            default: return false
            }
        }

        var holdsInlines: Bool {
            switch kind {
            case .inline, .link, .heading, .cell, .figcaption, .tableCaption: return true
            default: return false
            }
        }
    }

    var frames: [Frame] = [Frame(kind: .root)]
    let base: String?
    /// Whether the inline content written last ended in a space (collapsing state).
    var endsInSpace = true
    /// Index of the `<pre>` frame while inside one.
    var preFrame: Int?

    init(base: String?) {
        self.base = base
    }

    /// The finished blocks.
    func finish() -> [ArticleBlock] {
        while frames.count > 1 { closeFrame() }
        flushRun(of: 0)
        return frames[0].blocks
    }

    // MARK: Where content goes

    /// The innermost frame that holds blocks.
    var containerIndex: Int { frames.lastIndex(where: \.isContainer) ?? 0 }

    /// The frame inline content is written to: the top frame when it holds inlines,
    /// otherwise the innermost container (its run).
    var inlineTarget: Int {
        let top = frames.count - 1
        return frames[top].holdsInlines || frames[top].isContainer ? top : containerIndex
    }

    func appendInline(_ inline: ArticleInline) {
        let target = inlineTarget
        if case .text(let new) = inline, case .text? = frames[target].inlines.last,
           case .text(var text)? = frames[target].inlines.popLast() {
            // Out of the array, the text is its only copy and grows in place; a copy added to
            // would be copied whole each time (a paragraph of 60 000 spans took 11 s).
            text += new
            frames[target].inlines.append(.text(text))
        } else {
            frames[target].inlines.append(inline)
        }
    }

    /// Text in normal flow: runs of whitespace collapse to one space, and a space is
    /// dropped at the start of a block or after another space.
    func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        if case .embed = frames[frames.count - 1].kind { return } // a player's fallback text
        if let preFrame {
            frames[preFrame].text += String(decoding: bytes, as: UTF8.self)
            return
        }
        if case .code = frames[frames.count - 1].kind {
            frames[frames.count - 1].text += String(decoding: bytes, as: UTF8.self)
            return
        }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                if !endsInSpace { out.append(0x20); endsInSpace = true }
            } else {
                out.append(byte)
                endsInSpace = false
            }
        }
        if !out.isEmpty { appendInline(.text(String(decoding: out, as: UTF8.self))) }
    }

    /// A block boundary: the current run (if any) becomes a paragraph.
    func breakBlock() {
        let top = frames.count - 1
        if frames[top].holdsInlines {
            // A block inside inline content (a <p> in a link or cell): a line break.
            if let last = frames[top].inlines.last, last != .lineBreak {
                trimTrailingSpace(&frames[top].inlines)
                frames[top].inlines.append(.lineBreak)
            }
        } else {
            flushRun(of: containerIndex)
        }
        endsInSpace = true
    }

    func flushRun(of index: Int) {
        var run = frames[index].inlines
        frames[index].inlines = []
        trimTrailingSpace(&run)
        while run.last == .lineBreak { run.removeLast() }
        if !run.isEmpty { frames[index].blocks.append(.paragraph(run)) }
        if !frames[index].hoisted.isEmpty {
            frames[index].blocks += frames[index].hoisted
            frames[index].hoisted = []
        }
    }

    /// Emits a block at the current position: ends the run first.
    func emitBlock(_ block: ArticleBlock) {
        let container = containerIndex
        if container == frames.count - 1 {
            flushRun(of: container)
            frames[container].blocks.append(block)
            endsInSpace = true
        } else {
            frames[container].hoisted.append(block) // inside inline elements: after this run
        }
    }

    func trimTrailingSpace(_ inlines: inout [ArticleInline]) {
        guard case .text(let text)? = inlines.last, text.hasSuffix(" ") else { return }
        let trimmed = String(text.dropLast())
        if trimmed.isEmpty { inlines.removeLast() } else { inlines[inlines.count - 1] = .text(trimmed) }
    }
}

/// An element the builder enters and leaves: a key that tells it apart from the others
/// while it is open, and its attributes.
protocol BuilderElement {
    var key: Int { get }
    func attribute(_ name: String) -> String?
}
