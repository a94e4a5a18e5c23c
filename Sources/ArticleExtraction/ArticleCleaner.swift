import FeedParsing

/// Cleans the gathered article: forms, embeds that are not players, share bars, headings
/// weighed as boilerplate, and (when the rules allow) boxes that look like link lists,
/// adverts or image galleries without text; empty paragraphs; one-cell tables.
struct ArticleCleaner {
    let page: PageTree
    let rules: ArticleGrabber.Rules
    let weigh: (PageTree.ID) -> Double
    let title: String

    func clean(_ article: PageTree.ID) {
        // A comment thread's heading is looked for first: the heading is often named as furniture
        // itself (`id="comments"`), and goes with the headings weighed as boilerplate below.
        dropTrailingSections(article, commentsOnly: true)
        let dataTables = markDataTables(article)
        removeConditionally(article, "form", dataTables: dataTables)
        removeConditionally(article, "fieldset", dataTables: dataTables)
        for name in ["object", "embed", "footer", "link", "aside"] { remove(name, in: article) }
        for child in page.elementChildren(article) {
            for node in [child] + page.descendants(child) where page[node].isElement {
                if Patterns.share.matches(page.classAndID(node)), page.textLength(node) < ArticleGrabber.minimumCharacters {
                    page.remove(node)
                }
            }
        }
        for name in ["iframe", "input", "textarea", "select", "button"] { remove(name, in: article) }
        for heading in page.descendants(article, named: ["h1", "h2"]) where weigh(heading) < 0 { page.remove(heading) }
        for name in ["table", "ul", "div"] { removeConditionally(article, name, dataTables: dataTables) }
        if rules.cleanConditionally { dropLinkParagraphRuns(article) }
        for heading in page.descendants(article, named: ["h1"]) { page.rename(heading, to: "h2") }
        for paragraph in page.descendants(article, named: ["p"]) {
            let media = page.descendants(paragraph, named: ["img", "embed", "object", "iframe"]).count
            if media == 0, !page.hasText(paragraph) { page.remove(paragraph) }
        }
        for br in page.descendants(article, named: ["br"]) {
            var next = page[br].next
            while next != PageTree.none, page.isWhitespace(next), page[next].name != "br" { next = page[next].next }
            if next != PageTree.none, page[next].name == "p" { page.remove(br) }
        }
        for table in page.descendants(article, named: ["table"]) { unwrapSingleCell(table) }
        dropTrailingSections(article)
    }

    /// A short heading that opens the page's furniture ("12 Comments", "Related stories", "You may
    /// also like") after the article (`opensFurniture`): it and what follows it under the same
    /// parent go; a heading alone in its wrapper (`<div class="comments-head"><h2>…`) stands for
    /// the wrapper. ("Related: <a story>" inside an article is a link, not a section; a paragraph
    /// "Related:" with only links after it is one.)
    private func dropTrailingSections(_ article: PageTree.ID, commentsOnly: Bool = false) {
        let total = page.textLength(article)
        guard total > 0 else { return }
        var before = 0, restsRead = 0
        // The rest is read for the first few lines that look like a furniture heading only: a page
        // of a thousand "Tags" lines must not have the rest read a thousand times.
        func onlyLinksAfter(_ node: PageTree.ID) -> Bool {
            restsRead += 1
            return restsRead <= Self.restsReadAtMost && onlyLinksFollow(node, in: article)
        }
        var node = page.nextElement(after: article)
        while node != PageTree.none {
            // A `p` or `div` that looks like a heading ("<p><strong>Related:</strong></p>") ends the
            // article for a comment thread, or for other furniture when only links follow it.
            if let heading = page.shortHeading(node),
               opensFurniture(heading, after: before, of: total, commentsOnly: commentsOnly,
                              onlyLinksFollow: Tags.headings.contains(page[node]) ? nil : { onlyLinksAfter(node) }) {
                var sibling = node
                while case let parent = page[sibling].parent, parent != article, parent != PageTree.none,
                      page.children(parent).allSatisfy({ $0 == sibling || page.isWhitespace($0) }) {
                    sibling = parent
                }
                while sibling != PageTree.none {
                    let next = page[sibling].next
                    page.remove(sibling)
                    sibling = next
                }
                return
            }
            for child in page.children(node) where page[child].isText { before += page.textLength(child) }
            node = page.nextElement(after: node)
        }
    }

    private static let restsReadAtMost = 8

    /// Whether what follows `node` to the article's end is mostly links (as the verdict on a
    /// whole page measures them).
    private func onlyLinksFollow(_ node: PageTree.ID, in article: PageTree.ID) -> Bool {
        var length = 0, linked = 0.0
        var current = node
        while current != article, current != PageTree.none {
            var sibling = page[current].next
            while sibling != PageTree.none {
                length += page.textLength(sibling)
                if page[sibling].isElement { linked += page.linkedLength(sibling) }
                sibling = page[sibling].next
            }
            current = page[current].parent
        }
        return length > 0 && linked > Double(length) * ArticleExtractor.maximumLinkDensity
    }

    /// Whether `heading`, after `before` characters of the article's `total`, opens what follows
    /// the article: a comment thread's heading anywhere after an article's worth of text (a thread
    /// can be many times longer than its post, and no article holds one in its middle); another
    /// furniture heading ("Related stories") in the last three fifths — when it only looks like a
    /// heading, with nothing but links after it (`onlyLinksFollow`, asked last: it reads the rest).
    private func opensFurniture(_ heading: String, after before: Int, of total: Int, commentsOnly: Bool,
                                onlyLinksFollow: (() -> Bool)?) -> Bool {
        let inLastThreeFifths = before * 5 >= total * 2
        if inLastThreeFifths || before >= ArticleGrabber.minimumCharacters,
           heading.wholeMatch(of: Patterns.commentsHeading) != nil { return true }
        return !commentsOnly && inLastThreeFifths && heading.wholeMatch(of: Patterns.furnitureHeading) != nil
            && onlyLinksFollow?() != false
    }

    /// Removes every `name` below `root`, but players of known video sites among embeds.
    private func remove(_ name: String, in root: PageTree.ID) {
        let isEmbed = ["object", "embed", "iframe"].contains(name)
        for node in page.descendants(root, named: [name]) {
            if isEmbed, page.playsFromKnownVideoSite(node) {
                continue
            }
            page.remove(node)
        }
    }

    /// Tables that hold data (headers, a caption, enough rows or columns), as opposed to layout.
    private func markDataTables(_ root: PageTree.ID) -> Set<PageTree.ID> {
        var data: Set<PageTree.ID> = []
        for table in page.descendants(root, named: ["table"]) {
            if page.attribute(table, "role") == "presentation" || page.attribute(table, "datatable") == "0" { continue }
            if page.hasAttribute(table, "summary") { data.insert(table); continue }
            if let caption = page.first("caption", in: table), page[caption].firstChild != PageTree.none { data.insert(table); continue }
            if !page.descendants(table, named: ["col", "colgroup", "tfoot", "thead", "th"]).isEmpty { data.insert(table); continue }
            if page.first("table", in: table) != nil { continue }
            // A grid of links is a menu laid out as a table, however many rows it has.
            if page.linkDensity(table) > ArticleExtractor.maximumLinkDensity { continue }
            let rows = page.descendants(table, named: ["tr"])
            let columns = rows.map { page.elementChildren($0).filter { ["td", "th"].contains(page[$0].name) }.count }.max() ?? 0
            if rows.count >= 10 || columns > 4 || rows.count * columns > 10 { data.insert(table) }
        }
        return data
    }

    /// A list of links written as paragraphs, each a short link alone ("Report a problem",
    /// "Request a correction"), that ends the article: three or more such paragraphs in a row go.
    /// One alone stays, as a story's "Read the report" does, and so do runs with text after them.
    private func dropLinkParagraphRuns(_ article: PageTree.ID) {
        var run: [PageTree.ID] = []
        func end() {
            if run.count >= 3, let last = run.last, nothingFollows(last, in: article) { run.forEach(page.remove) }
            run = []
        }
        for parent in [article] + page.descendants(article) where page[parent].isElement {
            for child in page.children(parent) {
                if page[child].isElement {
                    if page[child].name == "p", isLinkAlone(child) { run.append(child) } else { end() }
                } else if !page.isWhitespace(child) {
                    end()
                }
            }
            end()
        }
    }

    /// Whether no text comes after `node` in `article`: an element holding only whitespace (an
    /// empty share box, a `<p>&nbsp;</p>` spacer) is not text.
    private func nothingFollows(_ node: PageTree.ID, in article: PageTree.ID) -> Bool {
        var current = node
        while current != article, current != PageTree.none {
            var next = page[current].next
            while next != PageTree.none {
                if page.hasText(next) { return false }
                next = page[next].next
            }
            current = page[current].parent
        }
        return true
    }

    private func isLinkAlone(_ paragraph: PageTree.ID) -> Bool {
        let length = page.textLength(paragraph)
        return length > 0 && length < 60 && page.linkDensity(paragraph) >= 0.8
    }

    /// The conditional clean-up of boxes that look like boilerplate (skipped when the rules say so).
    private func removeConditionally(_ root: PageTree.ID, _ name: String, dataTables: Set<PageTree.ID>) {
        guard rules.cleanConditionally else { return }
        for node in page.descendants(root, named: [name]).reversed() where isInTree(node, root) {
            if shouldRemove(node, name: name, dataTables: dataTables) { page.remove(node) }
        }
    }

    private func isInTree(_ node: PageTree.ID, _ root: PageTree.ID) -> Bool {
        page.ancestors(node).contains(root)
    }

    private func shouldRemove(_ node: PageTree.ID, name: String, dataTables: Set<PageTree.ID>) -> Bool {
        let length = page.textLength(node)
        var isList = name == "ul" || name == "ol"
        if !isList, length > 0 {
            let listLength = page.descendants(node, named: ["ul", "ol"]).reduce(0) { $0 + page.textLength($1) }
            isList = Double(listLength) / Double(length) > 0.9
        }
        if name == "table", dataTables.contains(node) { return false }
        if page.hasAncestor(node, named: "table", depth: -1, where: { dataTables.contains($0) }) { return false }
        if page.hasAncestor(node, named: "code") { return false }
        if page.descendants(node, named: ["table"]).contains(where: { dataTables.contains($0) }) { return false }
        let weight = weigh(node)
        if weight < 0 { return true }
        guard page.commaCount(node) < 10 else { return false }
        let paragraphs = Double(page.descendants(node, named: ["p"]).count)
        let images = page.descendants(node, named: ["img"]).count
        let listItems = Double(page.descendants(node, named: ["li"]).count) - 100
        let inputs = page.descendants(node, named: ["input"]).count
        let headingDensity = page.textDensity(node, of: Tags.headings)
        var embeds = 0
        for embed in page.descendants(node, named: ["object", "embed", "iframe"]) {
            if page.playsFromKnownVideoSite(embed) {
                return false
            }
            embeds += 1
        }
        if length < 16, Patterns.adOrLoading.contains(page.innerText(node).lowercased()) { return true }
        let linkDensity = page.linkDensity(node)
        let inFigure = page.hasAncestor(node, named: "figure")
        var remove = (!inFigure && images > 1 && paragraphs / Double(images) < 0.5)
            || (!isList && listItems > paragraphs)
            || (Double(inputs) > (paragraphs / 3).rounded(.down))
            || (!isList && !inFigure && headingDensity < 0.9 && length < 25 && (images == 0 || images > 2) && linkDensity > 0)
            || (!isList && weight < 25 && linkDensity > 0.2)
            || (weight >= 25 && linkDensity > 0.5)
            || (embeds == 1 && length < 75) || embeds > 1
        if isList && remove {
            // A list of single images (a gallery) stays.
            if page.elementChildren(node).contains(where: { page.elementChildren($0).count > 1 }) { return remove }
            if images == page.descendants(node, named: ["li"]).count { remove = false }
        }
        return remove
    }

    /// A table of one row of one cell is its cell's content.
    private func unwrapSingleCell(_ table: PageTree.ID) {
        var body = table
        let sections = page.elementChildren(table)
        if sections.count == 1, page[sections[0]].name == "tbody" { body = sections[0] }
        let rows = page.elementChildren(body)
        guard rows.count == 1, page[rows[0]].name == "tr" else { return }
        let cells = page.elementChildren(rows[0])
        guard cells.count == 1, page[cells[0]].name == "td" else { return }
        let cell = cells[0]
        let phrasingOnly = page.children(cell).allSatisfy { page.isPhrasing($0) }
        page.rename(cell, to: phrasingOnly ? "p" : "div")
        page.insert(cell, before: table)
        page.remove(table)
    }
}
