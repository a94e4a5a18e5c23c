import FeedParsing

/// Finds the article in a prepared page, the way readers that got it right learned to:
/// paragraphs score their ancestors by their text (its length and its commas), ancestors
/// weigh in by tag, class and id, links count against them; the best ancestor and its
/// siblings that look like more of the same are the article.
final class ArticleGrabber {
    /// What each attempt may do; a page whose article comes out too short is tried again
    /// with the next one relaxed.
    struct Rules {
        var stripUnlikely = true
        var weighClasses = true
        var cleanConditionally = true

        /// Relaxes the next rule; false when none is left.
        mutating func relax() -> Bool {
            if stripUnlikely { stripUnlikely = false }
            else if weighClasses { weighClasses = false }
            else if cleanConditionally { cleanConditionally = false }
            else { return false }
            return true
        }
    }

    let page: PageTree
    let rules: Rules
    let title: String
    /// The author line met on the way (and taken out of the article).
    private(set) var byline: String?
    /// Whether the article found is mostly the page's furniture — parts named as what the strict
    /// rules strip as unlikely (comments, a sidebar, a footer) — which only an attempt that keeps
    /// such parts can find.
    private(set) var foundFurniture = false
    private var scores: [PageTree.ID: Double] = [:]
    private var dataTables: Set<PageTree.ID> = []

    /// Fewer characters than this and the attempt is repeated with relaxed rules.
    static let minimumCharacters = 500

    init(page: PageTree, rules: Rules, title: String) {
        self.page = page
        self.rules = rules
        self.title = title
    }

    /// The article: a `<div>` holding the chosen elements, cleaned; nil when the page has no body.
    func grab() -> PageTree.ID? {
        guard let body = page.first("body", in: page.root) else { return nil }
        let scored = walk(from: page.root, body: body)
        let candidates = score(scored)
        let top = chooseTop(candidates, body: body)
        let lead = leadMedia(before: top.id)
        let article = gather(around: top.id)
        if let lead { keep(lead, first: article) }
        if !rules.stripUnlikely { foundFurniture = isMostlyFurniture(article, top: top.id) }
        ArticleCleaner(page: page, rules: rules, weigh: { [unowned self] in weight($0) }, title: title).clean(article)
        if top.created {
            page.setAttribute(top.id, "id", "readability-page-1")
        }
        return article
    }

    // MARK: The walk

    /// Drops what is hidden, the author line, a heading that repeats the title and the
    /// unlikely parts; turns `<div>`s of phrasing content into paragraphs; returns the
    /// elements to score.
    private func walk(from start: PageTree.ID, body: PageTree.ID) -> [PageTree.ID] {
        var toScore: [PageTree.ID] = []
        var titleHeaderRemoved = false
        var node = start
        while node != PageTree.none {
            let name = page[node].name
            let match = page.classAndID(node)
            if !page.isProbablyVisible(node) || (page.attribute(node, "aria-modal") == "true" && page.attribute(node, "role") == "dialog") {
                node = removeAndNext(node)
                continue
            }
            if takeByline(node, match: match) {
                node = removeAndNext(node)
                continue
            }
            if !titleHeaderRemoved, duplicatesTitle(node) {
                titleHeaderRemoved = true
                node = removeAndNext(node)
                continue
            }
            if rules.stripUnlikely, Self.authorBoxNames.contains(page[node]), isAuthorBox(node, match: match) {
                node = removeAndNext(node)
                continue
            }
            if rules.stripUnlikely {
                // Headings are small and say what follows: "date-header", "entry-header" are not a page's header.
                // A comment thread's heading stays to end the article (`ArticleCleaner`), whatever its look.
                if Patterns.namesFurniture(match), !Tags.headings.contains(page[node]), !page.opensCommentThread(node),
                   !page.hasAncestor(node, named: "table"), !page.hasAncestor(node, named: "code"), name != "body", name != "a" {
                    node = removeAndNext(node)
                    continue
                }
                if let role = page.attribute(node, "role"), Patterns.unlikelyRoles.contains(role) {
                    node = removeAndNext(node)
                    continue
                }
            }
            if Self.droppedWhenEmpty.contains(page[node]), isWithoutContent(node) {
                node = removeAndNext(node)
                continue
            }
            if Tags.scored.contains(page[node]) { toScore.append(node) }
            if name == "div" {
                wrapPhrasing(in: node)
                let elements = page.elementChildren(node)
                if elements.count == 1, page[elements[0]].name == "p", !hasTextOfItsOwn(node), page.linkDensity(node) < 0.25 {
                    let paragraph = elements[0]
                    page.insert(paragraph, before: node)
                    page.remove(node)
                    node = paragraph
                    toScore.append(node)
                } else if !hasBlockDescendant(node) {
                    page.rename(node, to: "p")
                    toScore.append(node)
                }
            }
            node = page.nextElement(after: node)
        }
        return toScore
    }

    private static let authorBoxNames: PageTree.NameSet = ["div", "section", "aside"]
    private static let droppedWhenEmpty: PageTree.NameSet = ["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"]

    /// Whether the top candidate or its parent is named as furniture, or more than half of the
    /// article's text is in parts that are.
    private func isMostlyFurniture(_ article: PageTree.ID, top: PageTree.ID) -> Bool {
        func isFurniture(_ id: PageTree.ID) -> Bool { Patterns.namesFurniture(page.classAndID(id)) }
        let parent = page[top].parent
        if isFurniture(top) || (parent != PageTree.none && !["body", "html"].contains(page[parent].name) && isFurniture(parent)) {
            return true
        }
        var inFurniture = 0
        var node = page.nextElement(after: article)
        let end = page.nextElement(after: article, skippingChildren: true)
        while node != end, node != PageTree.none {
            if isFurniture(node) {
                inFurniture += page.textLength(node)
                node = page.nextElement(after: node, skippingChildren: true)
            } else {
                node = page.nextElement(after: node)
            }
        }
        return inFurniture * 2 > page.textLength(article)
    }

    private func removeAndNext(_ node: PageTree.ID) -> PageTree.ID {
        let next = page.nextElement(after: node, skippingChildren: true)
        page.remove(node)
        return next
    }

    /// Runs of phrasing content directly inside a `<div>` go into paragraphs of their own.
    private func wrapPhrasing(in div: PageTree.ID) {
        var paragraph: PageTree.ID?
        var child = page[div].firstChild
        while child != PageTree.none {
            let next = page[child].next
            if page.isPhrasing(child) {
                if let paragraph {
                    page.append(child, to: paragraph)
                } else if !page.isWhitespace(child) {
                    let created = page.makeElement("p")
                    page.insert(created, before: child)
                    page.append(child, to: created)
                    paragraph = created
                }
            } else if let open = paragraph {
                while page[open].lastChild != PageTree.none, page.isWhitespace(page[open].lastChild) { page.remove(page[open].lastChild) }
                paragraph = nil
            }
            child = next
        }
    }

    private func hasTextOfItsOwn(_ id: PageTree.ID) -> Bool {
        page.children(id).contains { page[$0].isText && page[$0].hasContent }
    }

    private func hasBlockDescendant(_ id: PageTree.ID) -> Bool {
        !page.forEachDescendant(of: id) { !Tags.blocks.contains(page[$0]) }
    }

    /// Nothing but whitespace, `<br>` and `<hr>`. The children are looked at before the text:
    /// the text of a deep subtree may be far down, and every one of its ancestors asks.
    private func isWithoutContent(_ id: PageTree.ID) -> Bool {
        page.elementChildren(id).allSatisfy { ["br", "hr"].contains(page[$0].name) } && !page.hasText(id)
    }

    /// An element that is the author line (by rel, itemprop or class), the first one met.
    private func takeByline(_ id: PageTree.ID, match: String) -> Bool {
        guard byline == nil else { return false }
        guard page.attribute(id, "rel") == "author" || page.attribute(id, "itemprop")?.contains("author") == true
                || Patterns.byline.matches(match) else { return false }
        let length = page.textLength(id)
        guard page.hasText(id), length < 100 else { return false }
        byline = page.innerText(id)
        return true
    }

    /// A box about the post's author (a bio of a sentence or a few, after the post or beside it):
    /// named for the author as a thing ("author-bio", "about-author", "article-author"), not
    /// for who wrote the post, as blog engines name each post ("author-admin", "entry-author-ann"),
    /// and longer than an author line.
    /// `match` is the element's class and id (`PageTree.classAndID`).
    private func isAuthorBox(_ id: PageTree.ID, match: String) -> Bool {
        guard Patterns.author.matches(match), (100...1000).contains(page.textLength(id)) else { return false }
        return match.split(whereSeparator: \.isWhitespace).contains { $0.firstMatch(of: Patterns.authorBox) != nil }
    }

    /// An `<h1>` or `<h2>` that says what the title says.
    private func duplicatesTitle(_ id: PageTree.ID) -> Bool {
        guard Tags.titleHeadings.contains(page[id]), !title.isEmpty else { return false }
        return Self.similarity(title, page.innerText(id)) > 0.75
    }

    /// How much of `b`'s words are also in `a` (1 when all are), by the length they take.
    static func similarity(_ a: String, _ b: String) -> Double {
        let split: (String) -> [String] = { $0.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init) }
        let wordsA = Set(split(a)), wordsB = split(b)
        guard !wordsA.isEmpty, !wordsB.isEmpty else { return 0 }
        let unique = wordsB.filter { !wordsA.contains($0) }
        return 1 - Double(unique.joined(separator: " ").count) / Double(wordsB.joined(separator: " ").count)
    }

    // MARK: Scoring

    private struct Candidate {
        let id: PageTree.ID
        var score: Double
    }

    private func score(_ elements: [PageTree.ID]) -> [Candidate] {
        var order: [PageTree.ID] = []
        for element in elements where page[element].parent != PageTree.none {
            let length = page.textLength(element)
            guard length >= 25 else { continue }
            let ancestors = Array(page.ancestors(element).prefix(5))
            guard !ancestors.isEmpty else { continue }
            var contentScore = 1.0
            contentScore += Double(page.commaCount(element) + 1)
            contentScore += Double(min(length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() {
                guard page[ancestor].parent != PageTree.none else { continue }   // <html> is never a candidate
                if scores[ancestor] == nil {
                    scores[ancestor] = initialScore(ancestor)
                    order.append(ancestor)
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
                scores[ancestor, default: 0] += contentScore / divider
            }
        }
        return order.map { id in
            let scaled = (scores[id] ?? 0) * (1 - page.linkDensity(id))
            scores[id] = scaled
            return Candidate(id: id, score: scaled)
        }
    }

    private func initialScore(_ id: PageTree.ID) -> Double {
        var score: Double
        switch page[id].name {
        case "div": score = 5
        case "pre", "td", "blockquote": score = 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score = -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": score = -5
        default: score = 0
        }
        return score + weight(id)
    }

    func weight(_ id: PageTree.ID) -> Double {
        rules.weighClasses ? page.classWeight(id) : 0
    }

    /// The best candidate, moved up to an ancestor it shares with other strong ones; a new
    /// `<div>` holding the whole body when there is none.
    private func chooseTop(_ candidates: [Candidate], body: PageTree.ID) -> (id: PageTree.ID, created: Bool) {
        let top = candidates.sorted { $0.score > $1.score }.prefix(5)
        guard var best = top.first, page[best.id].name != "body" else {
            let wrapper = page.makeElement("div")
            while page[body].firstChild != PageTree.none { page.append(page[body].firstChild, to: wrapper) }
            page.append(wrapper, to: body)
            scores[wrapper] = initialScore(wrapper)
            return (wrapper, true)
        }
        // Strong alternatives elsewhere in the page (three or more within 75% of the best) point to
        // a shared ancestor: the article is split between them. One nested in or around the best is
        // the same text scored again (a post's body inside the post, the layout cell around it), no
        // sign of a split; counting it moved a post up to the page's whole layout table.
        let ancestorsOfBest = Set(page.ancestors(best.id))
        let alternatives = top.dropFirst()
            .filter { best.score > 0 && $0.score / best.score >= 0.75 && !ancestorsOfBest.contains($0.id) }
            .map { page.ancestors($0.id) }
            .filter { !$0.contains(best.id) }
        if alternatives.count >= 3 {
            var parent = page[best.id].parent
            while parent != PageTree.none, page[parent].name != "body" {
                if alternatives.filter({ $0.contains(parent) }).count >= 3 {
                    best = Candidate(id: parent, score: scores[parent] ?? 0)
                    break
                }
                parent = page[parent].parent
            }
        }
        if scores[best.id] == nil { scores[best.id] = initialScore(best.id) }
        // Climb while the parent scores higher, unless what it adds is mostly links (a column of
        // headlines beside the story, its container weighed up by a class such as "main-content").
        var parent = page[best.id].parent
        var lastScore = scores[best.id] ?? 0
        let threshold = lastScore / 3
        while parent != PageTree.none, page[parent].name != "body" {
            guard let parentScore = scores[parent] else {
                parent = page[parent].parent
                continue
            }
            if parentScore < threshold { break }
            if parentScore > lastScore {
                if !addsMostlyLinks(parent, to: best.id) { best = Candidate(id: parent, score: parentScore) }
                break
            }
            lastScore = parentScore
            parent = page[parent].parent
        }
        if let declared = declaredBody(around: best.id) { best = Candidate(id: declared, score: scores[declared] ?? best.score) }
        // A lone child stands for its parent.
        parent = page[best.id].parent
        while parent != PageTree.none, page[parent].name != "body", page.elementChildren(parent).count == 1 {
            best = Candidate(id: parent, score: scores[parent] ?? best.score)
            parent = page[parent].parent
        }
        if scores[best.id] == nil { scores[best.id] = initialScore(best.id) }
        return (best.id, false)
    }

    /// The ancestor the page itself marks as the article's body (schema.org microdata,
    /// `itemprop="articleBody"`, not mostly links) when the best candidate is a list inside it:
    /// a gallery's captions or a list of quotes can outscore the story they are set in, and the
    /// story is what the page declares. Readability starts a list below a plain box for that
    /// reason; a story's own box inside the declared body stands (the body may hold more than
    /// the story: its pictures' boxes).
    private func declaredBody(around best: PageTree.ID) -> PageTree.ID? {
        guard Tags.lists.contains(page[best]) else { return nil }
        return page.ancestors(best).first { ancestor in
            page[ancestor].name != "body"
                && page.attribute(ancestor, "itemprop")?.split(separator: " ").contains("articleBody") == true
                && page.linkDensity(ancestor) <= Self.declaredBodyLinkDensity
        }
    }

    /// The most of its text a declared body may have in links (readability-lxml's bar for it).
    static let declaredBodyLinkDensity = 0.1

    /// Whether the text `parent` adds to `child`'s is mostly links, as the verdict counts them (a
    /// column of headlines, a list of related stories): no more of the article.
    private func addsMostlyLinks(_ parent: PageTree.ID, to child: PageTree.ID) -> Bool {
        let parentLength = page.textLength(parent), childLength = page.textLength(child)
        guard parentLength > childLength else { return false }
        let linked = page.linkedLength(parent) - page.linkedLength(child)
        return linked / Double(parentLength - childLength) > ArticleExtractor.maximumLinkDensity
    }

    // MARK: The lead picture

    /// A picture or video with its caption set just before the article's text, in a box of its
    /// own outside the one that holds the text (a story's lead photo or video): the first block
    /// met going back from the top candidate, up to two boxes up, past what the walk left empty.
    private func leadMedia(before top: PageTree.ID) -> PageTree.ID? {
        var node = top
        for _ in 0..<3 {
            var previous = page[node].previous
            while previous != PageTree.none {
                if page[previous].isElement, isLeadMedia(previous) { return previous }
                if page.hasText(previous) || page.descendants(previous, named: Self.media).contains(where: isPictureOrPlayer) { return nil }
                previous = page[previous].previous
            }
            node = page[node].parent
            if node == PageTree.none || page[node].name == "body" { return nil }
        }
        return nil
    }

    private static let media: PageTree.NameSet = ["img", "picture", "video", "object", "embed", "iframe"]
    /// What a lead picture comes in. An `<aside>`, a `<header>` or a `<nav>` is never one; nor is
    /// a `<figure>` outside the text (or a box holding one), which HTML defines as standing apart
    /// from the text's flow: pages use it for the picture over the page, whose caption the sets'
    /// readers leave out.
    private static let leadBoxes: PageTree.NameSet = ["div", "section", "p"]

    /// A picture or a player with a caption: one passage of a sentence or a few (a credit beside
    /// it at most), not links, no heading or list. A header of short lines (a path of sections,
    /// the date, a name) or a box of "previous" and "next" is no caption.
    private func isLeadMedia(_ id: PageTree.ID) -> Bool {
        guard Self.leadBoxes.contains(page[id]), !Patterns.namesFurniture(page.classAndID(id)),
              page.descendants(id, named: Self.media).contains(where: isPictureOrPlayer) else { return false }
        let length = page.textLength(id)
        guard (30...600).contains(length), page.linkDensity(id) < 0.25,
              page.descendants(id, named: ["h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "form", "figure"]).isEmpty
        else { return false }
        let passages = page.descendants(id, named: Self.passages)
        guard passages.count <= 20 else { return false }
        let longest = caption(among: passages).map { page.textLength($0) } ?? length
        return longest >= 30 && longest * 3 >= length * 2
    }

    /// The longest innermost of a box's `passages`: its caption, when it is a lead picture's box.
    private func caption(among passages: [PageTree.ID]) -> PageTree.ID? {
        passages.filter { page.descendants($0, named: Self.passages).isEmpty }
            .max { page.textLength($0) < page.textLength($1) }
    }

    /// Where a caption's text is: the box's passages, the innermost of which are read.
    private static let passages: PageTree.NameSet = ["p", "div", "blockquote", "li", "dd", "td", "section"]

    /// A player, or a picture that is no icon: not drawn smaller than 100 pixels a side, not
    /// named an icon, a logo or an avatar (as a word of its class or address: "signup-icon",
    /// "logo.png", never "silicon-valley.jpg").
    private func isPictureOrPlayer(_ id: PageTree.ID) -> Bool {
        guard page[id].name == "img" else { return true }
        for side in ["width", "height"] {
            if let size = page.attribute(id, side).flatMap({ Int($0.trimmingASCIIWhitespace()) }), size < 100 { return false }
        }
        let names = ((page.attribute(id, "class") ?? "") + " " + (page.attribute(id, "src") ?? "")).lowercased()
        return !Patterns.iconNames.matches(names)
    }

    /// Shows a plug-in's fallback (the picture and caption shown where the plug-in is missing) in
    /// the lead in place of the plug-in (a known video site's player stays, for the reader to
    /// show), and puts the lead first in `article` unless the siblings gathered already hold it.
    private func keep(_ lead: PageTree.ID, first article: PageTree.ID) {
        for player in page.descendants(lead, named: ["object"]) where !page.playsFromKnownVideoSite(player) {
            for child in page.children(player) where page[child].name != "param" { page.insert(child, before: player) }
            page.remove(player)
        }
        // The walk made a paragraph of a box that held only the player: it holds blocks now.
        if page[lead].name == "p", hasBlockDescendant(lead) { page.rename(lead, to: "div") }
        // Read as what it is: a picture and its caption, which the reader sets beneath it.
        if let caption = caption(among: page.descendants(lead, named: Self.passages)), page.descendants(lead, named: ["img"]).count == 1,
           page.descendants(caption, named: ["img"]).isEmpty {
            page.rename(caption, to: "figcaption")
            page.rename(lead, to: "figure")
        }
        guard page[lead].parent != article else { return }
        let first = page[article].firstChild
        if first == PageTree.none { page.append(lead, to: article) } else { page.insert(lead, before: first) }
    }

    // MARK: Siblings

    /// The top candidate and the siblings that look like more of the article.
    private func gather(around top: PageTree.ID) -> PageTree.ID {
        let article = page.makeElement("div")
        let topScore = scores[top] ?? 0
        let threshold = max(10, topScore * 0.2)
        let parent = page[top].parent
        let siblings = parent == PageTree.none ? [top] : page.elementChildren(parent)
        let topClass = page.attribute(top, "class") ?? ""
        for sibling in siblings {
            var keep = sibling == top
            if !keep {
                let bonus = !topClass.isEmpty && page.attribute(sibling, "class") == topClass ? topScore * 0.2 : 0
                if let score = scores[sibling], score + bonus >= threshold {
                    keep = true
                } else if page[sibling].name == "p" {
                    let density = page.linkDensity(sibling)
                    let length = page.textLength(sibling)
                    if length > 80 && density < 0.25 {
                        keep = true
                    } else if length < 80, length > 0, density == 0, Self.hasSentenceEnd(page.innerText(sibling)) {
                        keep = true
                    }
                }
            }
            guard keep else { continue }
            if !["div", "article", "section", "p", "ol", "ul"].contains(page[sibling].name) { page.rename(sibling, to: "div") }
            page.append(sibling, to: article)
        }
        return article
    }

    /// A full stop followed by a space or the end.
    private static func hasSentenceEnd(_ text: String) -> Bool {
        text.hasSuffix(".") || text.contains(". ")
    }
}
