/// The local names the feed builder reacts to, interned once per distinct name
/// (libxml2 hands out dictionary-interned name pointers, so the builder caches by
/// pointer). Matching is case-insensitive, as feedparser's is (CDF is upper-case).
enum ElementName: UInt8 {
    case other
    case rss, rdf, feed, channel, item, entry, image, textinput, source
    case title, link, description, subtitle, tagline, language, info
    case updated, modified, published, issued, created, pubdate, lastbuilddate, date, lastmod
    case author, creator, managingeditor, webmaster, contributor, name, email, uri, url
    case id, guid, icon, logo, summary, content, encoded, body, div, abstract
    case category, subject, keywords, tags, enclosure, thumbnail, group, href
    case duration, episode, season, chapters

    private static let table: [String: ElementName] = {
        var table = [String: ElementName]()
        let all: [ElementName] = [
            .rss, .rdf, .feed, .channel, .item, .entry, .image, .textinput, .source,
            .title, .link, .description, .subtitle, .tagline, .language, .info,
            .updated, .modified, .published, .issued, .created, .pubdate, .lastbuilddate, .date, .lastmod,
            .author, .creator, .managingeditor, .webmaster, .contributor, .name, .email, .uri, .url,
            .id, .guid, .icon, .logo, .summary, .content, .encoded, .body, .div, .abstract,
            .category, .subject, .keywords, .tags, .enclosure, .thumbnail, .group, .href,
            .duration, .episode, .season, .chapters,
        ]
        for name in all { table[String(describing: name)] = name }
        table["homepage"] = .uri // Atom 0.3 wrote url; some feeds write homepage
        return table
    }()

    /// The interned name for a local name.
    init(localName: String) {
        self = ElementName.table[localName.lowercased()] ?? .other
    }
}
