/// The XML namespaces the feed builder understands, interned from their URIs.
enum XMLNamespace: UInt8 {
    case none, rss10, rss090, atom10, atom03, rdf, dc, dcterms, content, media, itunes, podcast, xhtml, xml, other

    /// RSS's own elements: no namespace, RSS 1.0, RSS 0.90 or a Userland RSS 2.0 namespace.
    var isRSS: Bool { self == .none || self == .rss10 || self == .rss090 }
    /// Atom 0.3 or 1.0.
    var isAtom: Bool { self == .atom10 || self == .atom03 }

    /// The namespace for a URI (compared case-insensitively, trailing `/` or `#` ignored).
    init(uri: String) {
        var key = uri.lowercased()
        while key.hasSuffix("/") || key.hasSuffix("#") { key.removeLast() }
        switch key {
        case "": self = .none
        case "http://purl.org/rss/1.0": self = .rss10
        case "http://my.netscape.com/rdf/simple/0.9": self = .rss090
        case "http://backend.userland.com/rss2", "http://blogs.law.harvard.edu/tech/rss",
             "http://backend.userland.com/rss": self = .none
        case "http://www.w3.org/2005/atom": self = .atom10
        case "http://purl.org/atom/ns", "http://example.com/newformat": self = .atom03
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns": self = .rdf
        case "http://purl.org/dc/elements/1.1", "http://purl.org/dc/elements/1.0": self = .dc
        case "http://purl.org/dc/terms": self = .dcterms
        case "http://purl.org/rss/1.0/modules/content": self = .content
        case "http://search.yahoo.com/mrss", "http://search.yahoo.com/rss": self = .media
        case "http://www.itunes.com/dtds/podcast-1.0.dtd", "http://www.itunes.com/dtds/podcast-1.0": self = .itunes
        case "https://podcastindex.org/namespace/1.0": self = .podcast
        case "http://www.w3.org/1999/xhtml": self = .xhtml
        case "http://www.w3.org/xml/1998/namespace": self = .xml
        default: self = .other
        }
    }

    /// The usual namespace of a well-known prefix, for feeds that use the prefix
    /// without declaring it.
    init?(wellKnownPrefix prefix: String) {
        switch prefix.lowercased() {
        case "dc": self = .dc
        case "dcterms": self = .dcterms
        case "content": self = .content
        case "media": self = .media
        case "itunes": self = .itunes
        case "atom": self = .atom10
        case "rdf": self = .rdf
        case "xhtml": self = .xhtml
        default: return nil
        }
    }
}
