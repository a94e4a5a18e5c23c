import ArticleModel

/// Entry-level fields: children of an RSS `item` / Atom `entry` (and of `media:group`).
extension FeedBuilder {
    func beginEntry(_ attributes: SAXAttributes) {
        entry = ParsedEntry()
        guid = nil
        guidIsPermaLink = false
        entryDepth = depth
        if let about = nonEmpty(attributes.value("about", namespace: "http://www.w3.org/1999/02/22-rdf-syntax-ns#")) {
            entry.id = about
        }
        if format == .cdf {
            if let href = nonEmpty(attributes.value("href")) { entry.link = resolve(href) }
            if let lastModified = attributes.value("lastmod") { entry.updated = FeedDateParser.parse(lastModified) }
        }
    }

    func startEntryField(_ name: ElementName, _ namespace: XMLNamespace, _ attributes: SAXAttributes) {
        let rss = namespace.isRSS
        let atom = namespace.isAtom || namespace == atomAliasNamespace
        switch name {
        case .title where rss || atom || namespace == .dc:
            beginCapture(.entryTitle, kind: atom ? textKind(attributes) : .guess)
        case .link where atom:
            atomLink(attributes, entryLevel: true)
        case .link where rss:
            beginCapture(.entryLink, kind: .text)
        case .id where atom:
            beginCapture(.entryID, kind: .text)
        case .guid where rss:
            guidIsPermaLink = attributes.value("ispermalink").map(TextBytes.keyword) != "false"
            beginCapture(.entryGuid, kind: .text)
        case .pubdate where rss, .published where atom, .issued where atom || namespace == .dcterms,
             .created where namespace == .dcterms:
            beginCapture(.entryPublished, kind: .text)
        case .updated where atom, .modified where atom || namespace == .dcterms, .date where namespace == .dc:
            beginCapture(.entryUpdated, kind: .text)
        case .author where atom:
            beginPerson(feedLevel: false)
        case .author where rss || namespace == .itunes || namespace == .dc, .creator where namespace == .dc:
            personIsFeedLevel = false
            beginCapture(.authorText, kind: .text)
        case .description where rss || namespace == .dc, .abstract where format == .cdf:
            beginCapture(.entrySummary, kind: .html)
        case .summary where atom:
            beginCapture(.entrySummary, kind: textKind(attributes))
        case .encoded where namespace == .content, .body where namespace == .xhtml:
            beginCapture(.entryContent, kind: name == .body ? .xhtml : .html)
        case .content where atom:
            if attributes.value("src") == nil { beginCapture(.entryContent, kind: textKind(attributes)) }
        case .tags where rss:
            beginCapture(.entryTags, kind: .text)
        case .category where rss, .subject where namespace == .dc:
            beginCapture(.entryCategory, kind: .text)
        case .category where atom:
            if let term = nonEmpty(attributes.value("term") ?? attributes.value("label")) { addCategory(term) }
            else { beginCapture(.entryCategory, kind: .text) }
        case .enclosure where rss:
            if let url = nonEmpty(attributes.value("url")) {
                addEnclosure(url: resolve(url), type: attributes.value("type"), length: attributes.value("length"))
            }
        default:
            startMediaField(name, namespace, attributes)
        }
    }

    /// Media RSS, iTunes and Podcasting 2.0: `media:content`, `media:thumbnail`, `media:group`,
    /// `itunes:image`, `itunes:duration`, `itunes:season`, `itunes:episode`, `podcast:chapters`.
    private func startMediaField(_ name: ElementName, _ namespace: XMLNamespace, _ attributes: SAXAttributes) {
        switch (name, namespace) {
        case (.content, .media):
            if let url = nonEmpty(attributes.value("url")) {
                addEnclosure(url: resolve(url), type: attributes.value("type"), length: attributes.value("filesize"))
            }
        case (.thumbnail, .media):
            if entry.thumbnailURL == nil, let url = nonEmpty(attributes.value("url")) { entry.thumbnailURL = resolve(url) }
        case (.group, .media):
            groupDepth = depth
        case (.image, .itunes):
            if entry.thumbnailURL == nil, let href = nonEmpty(attributes.value("href")) { entry.thumbnailURL = resolve(href) }
        case (.duration, .itunes):
            beginCapture(.episodeDuration, kind: .text)
        case (.season, .itunes):
            beginCapture(.episodeSeason, kind: .text)
        case (.episode, .itunes):
            beginCapture(.episodeNumber, kind: .text)
        case (.chapters, .podcast):
            if let url = nonEmpty(attributes.value("url")) { entry.episode.chaptersURL = resolve(url) }
        default:
            break
        }
    }

    func addEnclosure(url: String, type: String?, length: String?) {
        guard entry.enclosures.count < ParsedEntry.listLimit, !entry.enclosures.contains(where: { $0.url == url }) else { return }
        let size = length.flatMap { Int(TextBytes.keyword($0)) }
        entry.enclosures.append(Enclosure(url: url, type: nonEmpty(type), length: size))
    }

    func addCategory(_ text: String) {
        guard entry.categories.count < ParsedEntry.listLimit, let term = PlainText.collapsed(text),
              !entry.categories.contains(term) else { return }
        entry.categories.append(term)
    }

    func addAuthor(_ person: Person, feedLevel: Bool) {
        if feedLevel {
            if feed.authors.count < ParsedEntry.listLimit, !feed.authors.contains(person) { feed.authors.append(person) }
        } else if entry.authors.count < ParsedEntry.listLimit,
                  !entry.authors.contains(where: { $0 == person || ($0.name != nil && $0.name == person.name) }) {
            entry.authors.append(person)
        }
    }

    func finishEntry() {
        entryDepth = nil
        groupDepth = nil
        if let guid {
            entry.id = guid
            if guidIsPermaLink, entry.link == nil, URLResolver.isAbsolute(guid) || guid.hasPrefix("/") {
                entry.link = resolve(guid)
            }
        }
        if entry.id == nil { entry.id = EntryIdentity.fallbackID(for: entry) }
        feed.entries.append(entry)
    }
}
