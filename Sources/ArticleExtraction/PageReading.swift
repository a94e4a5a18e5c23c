import FeedParsing

/// What the extractor asks of a page's elements: their text, class and id, how much of
/// their text is links, how visible they are.
extension PageTree {
    /// The element's text, trimmed, with runs of whitespace made one space.
    func innerText(_ id: ID) -> String {
        Self.normalized(text(id))
    }

    /// Trimmed, and every run of whitespace (ASCII's, and the no-break space) made one space.
    static func normalized(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { bytes in
            var out = [UInt8]()
            out.reserveCapacity(bytes.count)
            var pendingSpace = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if PageTree.isSpace(byte) || (byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0) {
                    pendingSpace = !out.isEmpty
                    index += byte == 0xC2 ? 2 : 1
                    continue
                }
                if pendingSpace { out.append(0x20); pendingSpace = false }
                out.append(byte)
                index += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `class` and `id`, lower-case, as one string to match patterns against.
    func classAndID(_ id: ID) -> String {
        let className = attribute(id, "class"), identifier = attribute(id, "id")
        if className == nil && identifier == nil { return "" }
        return ((className ?? "") + " " + (identifier ?? "")).lowercased()
    }

    /// Whether an `<object>`, `<embed>` or `<iframe>` plays from a known video site (an attribute
    /// names one): a player the reader shows.
    func playsFromKnownVideoSite(_ id: ID) -> Bool {
        self[id].attributes.contains { attribute in Patterns.videoHosts.contains { attribute.value.contains($0) } }
    }

    /// How much of the element's text sits in links (fragment links count a third).
    func linkDensity(_ id: ID) -> Double {
        let length = textLength(id)
        return length > 0 ? linkedLength(id) / Double(length) : 0
    }

    /// How many characters of the element's text sit in links, fragment links counting a third.
    func linkedLength(_ id: ID) -> Double {
        var linked = 0.0
        // An anchor without an address (`<a name>`, which an unclosed one can wrap round a whole
        // article) is no link.
        for link in descendants(id, named: ["a"]) {
            guard let href = attribute(link, "href") else { continue }
            let weight = href.count > 1 && href.hasPrefix("#") ? 0.3 : 1
            linked += Double(textLength(link)) * weight
        }
        return linked
    }

    /// How many headings below `id` are a link and nothing else, of three words or more: the
    /// headlines of stories told elsewhere. (A heading that links within the page, as a table of
    /// contents does, is no headline: such links count a third.)
    func headlineLinkCount(_ id: ID) -> Int {
        descendants(id, named: Tags.headings).count { linkDensity($0) >= 0.9 && !hasAtMostWords($0, 2) }
    }

    /// The share of the element's text inside elements called `names`.
    func textDensity(_ id: ID, of names: NameSet) -> Double {
        let length = textLength(id)
        guard length > 0 else { return 0 }
        let inside = descendants(id, named: names).reduce(0) { $0 + textLength($1) }
        return Double(inside) / Double(length)
    }

    /// How many commas (of any script) the element's text holds.
    func commaCount(_ id: ID) -> Int {
        var count = 0
        let visit: (ID) -> Bool = { node in
            guard self[node].isText, self[node].hasContent else { return true }
            var text = self[node].text
            text.withUTF8 { bytes in
                for index in bytes.indices where bytes[index] == UInt8(ascii: ",") || bytes[index] >= 0xD8 {
                    if bytes[index] == UInt8(ascii: ",") { count += 1; continue }
                    // The other commas: U+060C, U+FE50, U+FE10, U+FE11, U+2E41, U+2E34, U+2E32, U+FF0C.
                    let end = min(bytes.count, index + 3)
                    let sequence = Array(bytes[index..<end])
                    if Self.otherCommas.contains(sequence) || (sequence.count >= 2 && sequence[0] == 0xD8 && sequence[1] == 0x8C) { count += 1 }
                }
            }
            return true
        }
        if self[id].isText { _ = visit(id) } else { forEachDescendant(of: id, visit) }
        return count
    }

    private static let otherCommas: Set<[UInt8]> = [[0xEF, 0xB9, 0x90], [0xEF, 0xB8, 0x90], [0xEF, 0xB8, 0x91], [0xE2, 0xB9, 0x81],
                                                     [0xE2, 0xB8, 0xB4], [0xE2, 0xB8, 0xB2], [0xEF, 0xBC, 0x8C]]

    /// The element's class and id weighed: +25 for each that sounds like the article, -25
    /// for each that sounds like what surrounds it.
    func classWeight(_ id: ID) -> Double {
        var weight = 0.0
        for value in [attribute(id, "class"), attribute(id, "id")] {
            guard let value = value?.lowercased(), !value.isEmpty else { continue }
            if Patterns.negative.matches(value) { weight -= 25 }
            if Patterns.positive.matches(value) { weight += 25 }
        }
        return weight
    }

    /// False for elements a reader would not see: `display: none`, `visibility: hidden`,
    /// `hidden`, `aria-hidden` (but for images kept as fallbacks), the class `hidden`.
    func isProbablyVisible(_ id: ID) -> Bool {
        if let style = attribute(id, "style"), Self.styleHides(style) { return false }
        if hasAttribute(id, "hidden") { return false }
        if isHiddenByClass(id) { return false }
        if attribute(id, "aria-hidden") == "true", !(attribute(id, "class") ?? "").contains("fallback-image") { return false }
        return true
    }

    /// Whether an inline style says `display: none` or `visibility: hidden` (in any case, spaced
    /// anyhow), read as bytes: every element with a style is asked.
    static func styleHides(_ style: String) -> Bool {
        var compact: [UInt8] = []
        compact.reserveCapacity(style.utf8.count)
        for byte in style.utf8 where !isSpace(byte) {
            compact.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return Patterns.hidingStyle.matches(String(decoding: compact, as: UTF8.self))
    }

    /// A class that CSS frameworks and hand-made style sheets alike give `display: none`
    /// (`hidden`, Bootstrap's `d-none`: `Patterns.hidingClasses`), unless a variant shows the
    /// element again on wider screens (Tailwind's `hidden md:block`, Bootstrap's `d-none d-md-block`);
    /// or a variant that hides it on them (`md:hidden`, `d-md-none`: the phone's copy of a part).
    func isHiddenByClass(_ id: ID) -> Bool {
        guard self[id].attributes.withValueBytes("class", Patterns.mayHide.matches) == true,
              let value = attribute(id, "class") else { return false }
        let names = value.split(whereSeparator: \.isWhitespace)
        if names.contains(where: Self.hidesOnWiderScreens) { return true }
        return names.contains(where: Patterns.hidingClasses.contains) && !names.contains(where: Self.showsOnWiderScreens)
    }

    /// Whether one class name hides its element on a desktop (`hidden`, `d-md-none`…), for a
    /// wrapper shown again to lose.
    static func hides(className name: Substring) -> Bool {
        Patterns.hidingClasses.contains(name) || hidesOnWiderScreens(name)
    }

    /// `md:hidden` (Tailwind) or `d-md-none` (Bootstrap).
    private static func hidesOnWiderScreens(_ name: Substring) -> Bool {
        widthVariant(name).map { $0.display == "none" || $0.display == "hidden" } ?? false
    }

    /// `md:block` (Tailwind) or `d-md-block` (Bootstrap): a display for screens from a width on.
    private static func showsOnWiderScreens(_ name: Substring) -> Bool {
        widthVariant(name).map { displayValues.contains($0.display) } ?? false
    }

    /// A class's breakpoint and display: `md:block` and `d-md-block` are ("md", "block").
    private static func widthVariant(_ name: Substring) -> (breakpoint: Substring, display: Substring)? {
        if let colon = name.lastIndex(of: ":") {
            let prefix = name[..<colon]
            return breakpoints.contains(prefix) ? (prefix, name[name.index(after: colon)...]) : nil
        }
        let parts = name.split(separator: "-", maxSplits: 2)
        return parts.count == 3 && parts[0] == "d" && breakpoints.contains(parts[1]) ? (parts[1], parts[2]) : nil
    }

    private static let breakpoints: Set<Substring> = ["sm", "md", "lg", "xl", "xxl", "2xl"]

    private static let displayValues: Set<Substring> = ["block", "inline", "inline-block", "flex", "inline-flex", "grid",
                                                        "inline-grid", "table", "table-row", "table-cell", "contents", "flow-root", "list-item"]

    /// Whether an ancestor (the parent and `depth` levels above it; any, for a depth of 0 or
    /// less) is called `name` and passes `test`.
    func hasAncestor(_ id: ID, named name: String, depth: Int = 3, where test: ((ID) -> Bool)? = nil) -> Bool {
        var level = 0
        var current = self[id].parent
        while current != PageTree.none {
            if depth > 0 && level > depth { return false }
            if self[current].name == name && (test?(current) ?? true) { return true }
            current = self[current].parent
            level += 1
        }
        return false
    }

    /// A `div` or `p` of a few words and nothing else — text, or inline elements holding only
    /// text, no link — such as `<div class="comments-head">Comments</div>`: a heading by its
    /// look. Checked without reading below its grandchildren.
    func looksLikeHeading(_ id: ID) -> Bool {
        guard self[id].name == "div" || self[id].name == "p" else { return false }
        var child = self[id].firstChild, count = 0
        while child != PageTree.none {
            count += 1
            guard count <= 4 else { return false }
            if self[child].isElement {
                guard ["a", "span", "b", "strong", "em"].contains(self[child].name) else { return false }
                var inner = self[child].firstChild
                while inner != PageTree.none {
                    guard self[inner].isText, self[child].name != "a" else { return false }
                    inner = self[inner].next
                }
            }
            child = self[child].next
        }
        return count > 0
    }

    /// The text, lower-case, of a heading (or an element that looks like one) of five words at
    /// most, as the headings that open a page's furniture are; nil for anything else.
    func shortHeading(_ id: ID) -> String? {
        guard Tags.headings.contains(self[id]) || looksLikeHeading(id), hasAtMostWords(id, 5) else { return nil }
        return innerText(id).lowercased()
    }

    /// Whether the text below `id` holds at most `limit` words (runs between whitespace, as
    /// `innerText` collapses it), read in place and no further than the word past the limit:
    /// every paragraph of a page is asked whether it is a short heading.
    func hasAtMostWords(_ id: ID, _ limit: Int) -> Bool {
        var words = 0, inWord = false
        return forEachDescendant(of: id) { node in
            guard self[node].isText else { return true }
            var text = self[node].text
            return text.withUTF8 { bytes in
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    let noBreak = byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0
                    if PageTree.isSpace(byte) || noBreak {
                        inWord = false
                        index += noBreak ? 2 : 1
                        continue
                    }
                    if !inWord {
                        words += 1
                        inWord = true
                        if words > limit { return false }
                    }
                    index += 1
                }
                return true
            }
        }
    }

    /// A short heading, or an element that looks like one, saying a comment thread follows ("12 Comments").
    func opensCommentThread(_ id: ID) -> Bool {
        shortHeading(id)?.wholeMatch(of: Patterns.commentsHeading) != nil
    }

    /// A whitespace-only text node, or a `<br>`.
    func isWhitespace(_ id: ID) -> Bool {
        let node = self[id]
        if node.isText { return !node.hasContent }
        return node.name == "br"
    }

    /// Elements that sit inside a paragraph (and text).
    func isPhrasing(_ id: ID) -> Bool {
        if self[id].isText || Tags.phrasing.contains(self[id]) { return true }
        if Tags.phrasingWhenTheirContentIs.contains(self[id]) { return children(id).allSatisfy(isPhrasing) }
        return false
    }

    /// The next element in document order (its first child, a sibling, an ancestor's sibling);
    /// `skippingChildren` goes past the element's own content.
    func nextElement(after id: ID, skippingChildren: Bool = false) -> ID {
        if !skippingChildren {
            var child = self[id].firstChild
            while child != PageTree.none, !self[child].isElement { child = self[child].next }
            if child != PageTree.none { return child }
        }
        var current = id
        while current != PageTree.none {
            var sibling = self[current].next
            while sibling != PageTree.none, !self[sibling].isElement { sibling = self[sibling].next }
            if sibling != PageTree.none { return sibling }
            current = self[current].parent
        }
        return PageTree.none
    }

    /// The first element below `id` called `name`, if any.
    func first(_ name: String, in id: ID) -> ID? {
        var found: ID?
        _ = forEachDescendant(of: id) { node in
            guard self[node].name == name else { return true }
            found = node
            return false
        }
        return found
    }
}

/// Tag sets the extraction works with.
enum Tags {
    static let phrasing: PageTree.NameSet = ["abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn",
                                        "em", "embed", "i", "img", "input", "kbd", "label", "mark", "math", "meter", "noscript",
                                        "object", "output", "progress", "q", "ruby", "samp", "script", "select", "small",
                                        "span", "strong", "sub", "sup", "textarea", "time", "var", "wbr"]
    /// Elements that make a `<div>` more than a paragraph.
    static let blocks: PageTree.NameSet = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
    /// Scored for the text they hold.
    static let scored: PageTree.NameSet = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
    static let headings: PageTree.NameSet = ["h1", "h2", "h3", "h4", "h5", "h6"]
    static let lists: PageTree.NameSet = ["dl", "ol", "ul"]
    /// Phrasing when everything in them is.
    static let phrasingWhenTheirContentIs: PageTree.NameSet = ["a", "del", "ins"]
    /// The headings a page's title is repeated in.
    static let titleHeadings: PageTree.NameSet = ["h1", "h2"]
}
