import ArticleModel

/// Opening and closing frames as elements begin and end.
extension ArticleBuilder {
    /// Handles the start of `element`; returns whether its children should be visited.
    func enter(_ element: some BuilderElement, tag: ArticleTag) -> Bool {
        if tag == .drop { return false }
        if case .embed = frames[frames.count - 1].kind {
            if tag == .source { takeSource(element) }
            return false // a player's fallback content
        }
        if preFrame != nil {
            if tag == .lineBreak { frames[preFrame ?? 0].text += "\n" }
            if tag == .code, frames[preFrame ?? 0].language == nil { frames[preFrame ?? 0].language = language(of: element) }
            return true
        }
        let top = frames.count - 1
        let room = frames.count < ArticleBuilder.maxFrames
        let inContainer = frames[top].isContainer
        switch tag {
        case .lineBreak:
            appendInline(.lineBreak)
            endsInSpace = true
            return false
        case .image:
            if let image = image(element) { emitBlock(.image(image)) }
            return false
        case .rule:
            if inContainer { emitBlock(.rule) } else { breakBlock() }
            return false
        case .emphasis, .strong, .strikethrough, .subscript, .superscript:
            if room { push(.inline(tag), element) }
        case .code:
            if room, !isRawText(top) { push(.code, element) }
        case .link:
            if let embed = markedEmbed(element) {
                emitBlock(.embed(embed))
                return false
            }
            if room, let href = element.attribute("href"), let url = ArticleURL.link(href, base: base) {
                push(.link(url), element)
            }
        case .embed(let tagKind):
            let url = element.attribute("src").flatMap { ArticleURL.embed($0, base: base) } ?? ""
            let kind = tagKind == .frame && !url.isEmpty ? EmbedHosts.kind(ofFrame: url) : tagKind
            let embed = ArticleEmbed(kind: kind, url: url, title: element.attribute("title").flatMap(PlainText.collapsed))
            if !embed.url.isEmpty {
                emitBlock(.embed(embed))
            } else if tagKind != .frame, room {
                frames.append(Frame(kind: .embed(embed), node: element.key))
                return true
            }
            return false
        case .source:
            return false
        case .heading(let level):
            breakBlock()
            if room, inContainer { push(.heading(level), element) }
        case .list(let ordered):
            breakBlock()
            if room, inContainer { push(.list(ordered: ordered), element) }
        case .listItem:
            breakBlock()
            if room, case .list = frames[top].kind {
                looseContentToItem(top)
                push(.listItem, element)
            }
        case .blockquote, .figure:
            breakBlock()
            if room, inContainer { push(tag == .figure ? .figure : .blockquote, element) }
        case .pre:
            breakBlock()
            if room, inContainer {
                push(.pre, element)
                frames[frames.count - 1].language = language(of: element)
                preFrame = frames.count - 1
            }
        case .table:
            breakBlock()
            if room, inContainer { push(.table, element) }
        case .row:
            if room, case .table = frames[top].kind { push(.row, element) }
        case .cell(let header):
            if room, case .row = frames[top].kind { push(.cell(header: header), element) } else { breakBlock() }
        case .tableCaption:
            if room, case .table = frames[top].kind { push(.tableCaption, element) }
        case .figcaption:
            if room, case .figure = frames[top].kind { push(.figcaption, element) } else { breakBlock() }
        case .boundary:
            breakBlock()
        case .transparent, .drop:
            break
        }
        return true
    }

    /// Handles the end of `element`: closes its frame, or ends its paragraph.
    func leave(_ element: some BuilderElement, tag: ArticleTag) {
        if frames.count > 1, frames[frames.count - 1].node == element.key {
            closeFrame()
        } else if preFrame == nil, tag == .boundary || tag == .listItem || tag == .cell(header: false)
                    || tag == .cell(header: true) || tag == .figcaption {
            breakBlock()
        }
    }

    private func push(_ kind: Kind, _ element: some BuilderElement) {
        frames.append(Frame(kind: kind, node: element.key))
        if case .inline = kind { return }
        if case .link = kind { return }
        if case .code = kind { return }
        endsInSpace = true
    }

    private func isRawText(_ index: Int) -> Bool {
        if case .code = frames[index].kind { return true }
        return false
    }

    /// A list's content outside any `<li>` becomes an item of its own.
    func looseContentToItem(_ index: Int) {
        flushRun(of: index)
        if !frames[index].blocks.isEmpty {
            frames[index].items.append(frames[index].blocks)
            frames[index].blocks = []
        }
    }

    /// `language-swift` / `lang-swift` in the class attribute, or `data-lang`.
    private func language(of element: some BuilderElement) -> String? {
        if let lang = element.attribute("data-lang").flatMap(PlainText.collapsed) { return lang }
        guard let classes = element.attribute("class") else { return nil }
        for token in classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            for prefix in ["language-", "lang-"] where token.hasPrefix(prefix) && token.count > prefix.count {
                return String(token.dropFirst(prefix.count))
            }
        }
        return nil
    }

    /// The first usable `<source>` of the `<video>` or `<audio>` on top.
    private func takeSource(_ element: some BuilderElement) {
        let top = frames.count - 1
        guard case .embed(var embed) = frames[top].kind, embed.url.isEmpty,
              let url = element.attribute("src").flatMap({ ArticleURL.embed($0, base: base) }) else { return }
        embed.url = url
        frames[top].kind = .embed(embed)
    }

    /// An embed written back as a link (`<a data-embed="video" href title>`: see `ArticleDocument.html`).
    private func markedEmbed(_ element: some BuilderElement) -> ArticleEmbed? {
        guard let mark = element.attribute("data-embed"), let kind = ArticleEmbed.Kind(rawValue: mark),
              let url = element.attribute("href").flatMap({ ArticleURL.embed($0, base: base) }) else { return nil }
        return ArticleEmbed(kind: kind, url: url, title: element.attribute("title").flatMap(PlainText.collapsed))
    }

    /// An image, or nil for a missing or unsafe source and for tracking pixels.
    private func image(_ element: some BuilderElement) -> ArticleImage? {
        guard let url = ImageSource.pick(base: base, attribute: { element.attribute($0) }) else { return nil }
        let width = element.attribute("width").flatMap(ArticleBuilder.pixels)
        let height = element.attribute("height").flatMap(ArticleBuilder.pixels)
        if let width, width <= 2 { return nil }
        if let height, height <= 2 { return nil }
        let alt = element.attribute("alt").flatMap(PlainText.collapsed) ?? ""
        let link = frames.reversed().lazy.compactMap { frame -> String? in
            if case .link(let url) = frame.kind { return url }
            return nil
        }.first
        return ArticleImage(url: url, alt: alt, width: width, height: height, link: link)
    }

    /// The leading digits of a `width` / `height` attribute (`"640"`, `"640px"`).
    static func pixels(_ text: String) -> Int? {
        let digits = text.trimmingControlsAndSpaces().prefix(while: { $0.isASCII && $0.isNumber })
        return digits.isEmpty || digits.count > 6 ? nil : Int(digits)
    }
}
