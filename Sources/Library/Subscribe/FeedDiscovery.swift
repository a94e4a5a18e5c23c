import FeedParsing
import Foundation

/// Finds feed links in an HTML page: `<link rel="alternate">` with an RSS, Atom or
/// JSON Feed type, hrefs resolved against the page (or its `<base href>`). A small
/// tolerant tag scanner: attribute order, case, quoting style and broken markup
/// elsewhere in the page do not matter. Only the first megabyte is scanned. A page from the
/// web finds only web feeds: a `file:` link (or base) is ignored unless the page is a local
/// file itself, which the user chose.
enum FeedDiscovery {
    static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/feed+json", "application/json",
        "application/rdf+xml", "text/xml", "application/xml",
    ]

    /// The paths tried when a page names no feed, relative to the site root.
    static let commonPaths = ["/feed", "/rss", "/atom.xml", "/feed.xml", "/index.xml", "/rss.xml"]

    static func links(in html: Data, base: URL) -> [DiscoveredFeed] {
        let text = String(decoding: html.prefix(1 << 20), as: UTF8.self)
        let schemes: Set<String> = base.isFileURL ? ["http", "https", "file"] : ["http", "https"]
        var base = base
        var found: [DiscoveredFeed] = []
        for tag in tags(in: text) {
            if tag.name == "base", let href = tag.attributes["href"], let url = URL(string: href, relativeTo: base),
               schemes.contains(url.scheme?.lowercased() ?? "") {
                base = url.absoluteURL
            }
            guard tag.name == "link",
                  let rel = tag.attributes["rel"]?.lowercased().split(separator: " "), rel.contains("alternate"),
                  let type = tag.attributes["type"]?.lowercased().split(separator: ";").first
                      .map({ $0.trimmingCharacters(in: .whitespaces) }), feedTypes.contains(type),
                  let href = tag.attributes["href"].map(decodeEntities), !href.isEmpty,
                  let url = URL(string: href, relativeTo: base)?.absoluteURL,
                  schemes.contains(url.scheme?.lowercased() ?? "") else { continue }
            if found.contains(where: { $0.url == url.absoluteString }) { continue }
            found.append(DiscoveredFeed(url: url.absoluteString, title: tag.attributes["title"].map(decodeEntities), type: type))
        }
        return found
    }

    /// True when the body looks like an HTML page rather than a feed.
    static func looksLikeHTML(_ data: Data, contentType: String?) -> Bool {
        if contentType?.lowercased().contains("html") == true { return true }
        let head = String(decoding: data.prefix(1024), as: UTF8.self).lowercased()
        return head.contains("<html") || head.contains("<!doctype html")
    }

    struct Tag {
        var name: String
        var attributes: [String: String]
    }

    /// `<link …>` and `<base …>` tags with their attributes (names lower-cased).
    static func tags(in text: String) -> [Tag] {
        var tags: [Tag] = []
        var scanner = Substring(text)
        while let open = scanner.firstIndex(of: "<") {
            scanner = scanner[scanner.index(after: open)...]
            let name = scanner.prefix { $0.isLetter }.lowercased()
            guard name == "link" || name == "base" else { continue }
            guard let close = scanner.firstIndex(of: ">") else { break }
            let body = scanner[scanner.index(scanner.startIndex, offsetBy: name.count)..<close]
            tags.append(Tag(name: name, attributes: attributes(body)))
            scanner = scanner[close...]
        }
        return tags
    }

    private static func attributes(_ body: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = body
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
            guard !name.isEmpty else { break }
            rest = rest.dropFirst(name.count).drop { $0.isWhitespace }
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop { $0.isWhitespace }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    rest = rest.dropFirst()
                    value = String(rest.prefix { $0 != quote })
                    rest = rest.dropFirst(value.count + 1)
                } else {
                    value = String(rest.prefix { !$0.isWhitespace && $0 != ">" })
                    rest = rest.dropFirst(value.count)
                }
            }
            result[name.lowercased()] = result[name.lowercased()] ?? value
        }
        return result
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return HTMLText.plain(text.replacingOccurrences(of: "<", with: "&lt;")) ?? text
    }
}
