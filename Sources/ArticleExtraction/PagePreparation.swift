import FeedParsing

/// Readying a page before the article is looked for: no scripts or styles, runs of `<br>`
/// made paragraphs, `<font>` made `<span>`, images hidden in `<noscript>` brought out, and the
/// wrappers that hold the whole page opened.
enum PagePreparation {
    static func prepare(_ page: PageTree) {
        let body = page.first("body", in: page.root)
        if let body { openPageWrappers(page, in: body) }
        unwrapNoscriptImages(page)
        for id in page.descendants(page.root, named: ["script", "noscript", "style", "template"]) { page.remove(id) }
        for id in page.descendants(page.root, named: ["font"]) { page.rename(id, to: "span") }
        if let body { replaceBreaks(page, in: body) }
    }

    /// Elements that would take the article with them, when they hold most of the page: a
    /// `<form>` round the whole page (as ASP.NET pages are), a `<noscript>` an unclosed tag left
    /// open to the end of the page, and an element hidden by its `hidden` attribute that a
    /// script was to show (React's streamed pages), or by a hiding class (`hidden`) where an unclosed
    /// menu swallowed the page. They become plain `<div>`s. A form of a
    /// thousand characters or more is no search box; half the page is no hidden menu.
    private static let wrapperNames: PageTree.NameSet = ["form", "noscript"]

    private static func openPageWrappers(_ page: PageTree, in body: PageTree.ID) {
        var wrappers: [PageTree.ID] = []
        _ = page.forEachDescendant(of: body) { node in
            if wrapperNames.contains(page[node])
                || (page[node].isElement && (page.hasAttribute(node, "hidden") || page.isHiddenByClass(node))) {
                wrappers.append(node)
            }
            return true
        }
        guard !wrappers.isEmpty else { return }
        let half = page.textLength(body) / 2
        for element in wrappers {
            let length = page.textLength(element)
            switch page[element].name {
            case "form": if length >= 1000 { page.rename(element, to: "div") }
            case "noscript": if length > half { page.rename(element, to: "div") }
            default:
                guard length > half else { continue }
                page.setAttribute(element, "hidden", nil)
                if let classes = page.attribute(element, "class") {
                    page.setAttribute(element, "class", classes.split(whereSeparator: \.isWhitespace)
                        .filter { !PageTree.hides(className: $0) }.joined(separator: " "))
                }
            }
        }
    }

    /// A lazy-loading page puts the real `<img>` in `<noscript>` beside a placeholder; the
    /// placeholder (an image without a real address) gives way to it.
    private static func unwrapNoscriptImages(_ page: PageTree) {
        for noscript in page.descendants(page.root, named: ["noscript"]) {
            let inner = page.children(noscript)
            // libxml2 reads <noscript> content as markup when scripts are off: an image child.
            guard inner.count == 1, page[inner[0]].name == "img" else { continue }
            var previous = page[noscript].previous
            while previous != PageTree.none, page.isWhitespace(previous), page[previous].name != "br" { previous = page[previous].previous }
            guard previous != PageTree.none else { continue }
            let placeholder = page[previous].name == "img" ? previous : page.descendants(previous, named: ["img"]).first
            guard let placeholder, page.descendants(previous, named: ["img"]).count <= 1 else { continue }
            let source = page.attribute(placeholder, "src") ?? ""
            guard source.isEmpty || source.hasPrefix("data:") else { continue }
            page.insert(inner[0], before: previous)
            page.remove(previous)
        }
    }

    /// Two or more `<br>` in a row end a paragraph: the phrasing content after them becomes a `<p>`
    /// (and a `<p>` they were in a `<div>`). Nothing after them: they are dropped.
    static func replaceBreaks(_ page: PageTree, in root: PageTree.ID) {
        for br in page.descendants(root, named: ["br"]) where page[br].parent != PageTree.none {
            var next = nextElementOrText(page, after: br)
            var replaced = false
            while next != PageTree.none, page[next].name == "br" {
                replaced = true
                let after = page[next].next
                page.remove(next)
                next = nextElementOrText(page, from: after)
            }
            guard replaced else { continue }
            let paragraph = page.makeElement("p")
            page.insert(paragraph, before: br)
            page.remove(br)
            var sibling = page[paragraph].next
            while sibling != PageTree.none {
                if page[sibling].name == "br" {
                    let following = nextElementOrText(page, from: page[sibling].next)
                    if following != PageTree.none, page[following].name == "br" { break }
                }
                if !page.isPhrasing(sibling) { break }
                let after = page[sibling].next
                page.append(sibling, to: paragraph)
                sibling = after
            }
            while page[paragraph].lastChild != PageTree.none, page.isWhitespace(page[paragraph].lastChild) {
                page.remove(page[paragraph].lastChild)
            }
            // Breaks that end their paragraph are spacing: the paragraph stays one.
            if page[paragraph].firstChild == PageTree.none {
                page.remove(paragraph)
                continue
            }
            let parent = page[paragraph].parent
            if parent != PageTree.none, page[parent].name == "p" { page.rename(parent, to: "div") }
        }
    }

    /// The next sibling of `id` that is an element or text with something in it.
    private static func nextElementOrText(_ page: PageTree, after id: PageTree.ID) -> PageTree.ID {
        nextElementOrText(page, from: page[id].next)
    }

    private static func nextElementOrText(_ page: PageTree, from id: PageTree.ID) -> PageTree.ID {
        var current = id
        while current != PageTree.none, !page[current].isElement, !page.hasText(current) {
            current = page[current].next
        }
        return current
    }
}
