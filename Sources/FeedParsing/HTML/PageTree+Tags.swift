/// Element names known to the page tree get a small number, so a walk that looks for a few
/// names tests a bit instead of hashing a string at every node.
extension PageTree {
    /// The names that get numbers; any other name is number 0 and is compared as a string.
    @usableFromInline static let knownNames: [String] = [
        "", "#text", "#comment", "a", "abbr", "address", "article", "aside", "audio", "b", "base", "bdi", "bdo",
        "blockquote", "body", "br", "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup",
        "data", "datalist", "dd", "del", "details", "dfn", "dialog", "div", "dl", "dt", "em", "embed", "fieldset",
        "figcaption", "figure", "font", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header",
        "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label", "legend", "li", "link",
        "main", "mark", "math", "menu", "meta", "meter", "nav", "noscript", "object", "ol", "optgroup", "option",
        "output", "p", "param", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "script",
        "section", "select", "slot", "small", "source", "span", "strike", "strong", "style", "sub", "summary",
        "sup", "svg", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title",
        "tr", "track", "tt", "u", "ul", "var", "video", "wbr",
    ]

    private static let numbers: [String: UInt8] = Dictionary(
        uniqueKeysWithValues: knownNames.enumerated().map { ($0.element, UInt8($0.offset)) })

    /// The number of an element name (0 for names not in `knownNames`).
    static func number(of name: String) -> UInt8 { numbers[name] ?? 0 }

    /// A set of element names as bits, with any unknown names kept as strings.
    public struct NameSet: ExpressibleByArrayLiteral, Sendable {
        @usableFromInline var low: UInt64 = 0
        @usableFromInline var high: UInt64 = 0
        @usableFromInline var others: Set<String> = []

        public init(_ names: some Sequence<String>) {
            for name in names {
                let number = PageTree.number(of: name)
                if number == 0 { others.insert(name) }
                else if number < 64 { low |= 1 << UInt64(number) }
                else { high |= 1 << UInt64(number - 64) }
            }
        }

        public init(arrayLiteral names: String...) { self.init(names) }

        /// Whether `node`'s name is in the set (inlinable: called from another module, the node
        /// would be copied, its strings retained, at every call).
        @inlinable public func contains(_ node: Node) -> Bool {
            let number = node.number
            if number == 0 { return !others.isEmpty && others.contains(node.name) }
            return number < 64 ? low & (1 << UInt64(number)) != 0 : high & (1 << UInt64(number - 64)) != 0
        }
    }
}
