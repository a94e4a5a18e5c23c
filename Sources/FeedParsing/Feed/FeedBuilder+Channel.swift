/// Feed-level fields: children of the RSS `channel` or the Atom `feed`.
extension FeedBuilder {
    func startFeedField(_ name: ElementName, _ namespace: XMLNamespace, _ attributes: SAXAttributes) {
        let rss = namespace.isRSS
        let atom = namespace.isAtom || namespace == atomAliasNamespace
        switch name {
        case .title where rss || atom || namespace == .dc:
            beginCapture(.feedTitle, kind: atom ? textKind(attributes) : .guess)
        case .link where atom:
            atomLink(attributes, entryLevel: false)
        case .link where rss:
            beginCapture(.feedLink, kind: .text)
        case .description where rss || namespace == .dc, .abstract where format == .cdf:
            beginCapture(.feedDescription, kind: .guess)
        case .subtitle where atom, .tagline where atom:
            beginCapture(.feedDescription, kind: textKind(attributes))
        case .language where rss || namespace == .dc:
            beginCapture(.feedLanguage, kind: .text)
        case .lastbuilddate where rss, .updated where atom, .modified where atom || namespace == .dcterms,
             .date where namespace == .dc:
            beginCapture(.feedUpdated, kind: .text)
        case .pubdate where rss, .published where atom, .issued where atom:
            beginCapture(.feedPublished, kind: .text)
        case .author where atom:
            beginPerson(feedLevel: true)
        case .managingeditor where rss, .author where rss || namespace == .itunes || namespace == .dc,
             .creator where namespace == .dc:
            personIsFeedLevel = true
            beginCapture(.authorText, kind: .text)
        case .icon where atom:
            beginCapture(.feedIcon, kind: .text)
        case .logo where atom:
            beginCapture(.feedLogo, kind: .text)
        case .image where rss:
            imageDepth = depth
        case .image where namespace == .itunes:
            if let href = nonEmpty(attributes.value("href")) { feedItunesImage = resolve(href) }
        default:
            break
        }
    }

    /// The Atom text-construct type: `text` (default), `html`, `xhtml`, or Atom 0.3's
    /// MIME types with `mode="escaped|xml|base64"`.
    func textKind(_ attributes: SAXAttributes) -> TextKind {
        let mode = attributes.value("mode").map(TextBytes.keyword)
        if mode == "base64" { return .base64 }
        let type = attributes.value("type").map(TextBytes.keyword) ?? "text"
        switch type {
        case "html", "text/html": return mode == "xml" ? .xhtml : .html
        case "xhtml", "application/xhtml+xml": return mode == "escaped" ? .html : .xhtml
        case "", "text", "text/plain": return .text
        default:
            if mode == "xml" || type.hasSuffix("+xml") || type.hasSuffix("/xml") { return .xhtml }
            if type.hasPrefix("text/") || mode == "escaped" { return .text }
            return format == .atom10 ? .base64 : .text // RFC 4287 4.1.3.3: other types are base64
        }
    }

    /// An Atom `<link>`: the first alternate becomes the link; `enclosure`s are media.
    func atomLink(_ attributes: SAXAttributes, entryLevel: Bool) {
        let rel = attributes.value("rel").map(TextBytes.keyword) ?? "alternate"
        guard let href = nonEmpty(attributes.value("href")) else {
            // No href: some feeds put the URL in the element's text.
            if rel == "alternate" { beginCapture(entryLevel ? .entryLink : .feedLink, kind: .text) }
            return
        }
        let url = resolve(href)
        switch rel {
        case "alternate":
            if entryLevel {
                if entry.link == nil { entry.link = url }
            } else if feed.link == nil {
                feed.link = url
            }
        case "enclosure" where entryLevel:
            addEnclosure(url: url, type: attributes.value("type"), length: attributes.value("length"))
        default:
            break
        }
    }
}
