import FeedParsing
import Foundation

/// What a page says about its article outside the text: title, author, date, site name,
/// language, lead image — from schema.org JSON-LD, then `<meta>` tags (Dublin Core, Open
/// Graph, Twitter, plain names), then the page's `<title>` and headings.
struct PageMetadata {
    var title = ""
    var byline: String?
    var published: String?
    var siteName: String?
    var excerpt: String?
    var leadImage: String?
    var language: String?
    /// The article's text as JSON-LD gives it (`articleBody`), for pages whose markup hides it.
    var articleBody: String?

    init(page: PageTree) {
        let json = Self.jsonLD(page)
        let meta = Self.metaValues(page)
        func first(_ keys: [String]) -> String? {
            keys.lazy.compactMap { meta[$0] }.first { !$0.isEmpty }
        }
        title = json.title ?? first(["dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title",
                                     "title", "twitter:title", "parsely-title"]) ?? ""
        if title.isEmpty { title = Self.titleFromDocument(page) }
        byline = json.byline ?? first(["dc:creator", "dcterm:creator", "author", "parsely-author"])
        excerpt = json.excerpt ?? first(["dc:description", "dcterm:description", "og:description", "weibo:article:description",
                                         "weibo:webpage:description", "description", "twitter:description"])
        siteName = json.siteName ?? first(["og:site_name"])
        published = json.published ?? first(["article:published_time", "parsely-pub-date"])
        leadImage = json.image ?? first(["og:image", "og:image:url", "twitter:image", "twitter:image:src"])
        articleBody = json.articleBody
        language = page.attribute(page.root, "lang").flatMap { $0.isEmpty ? nil : $0 }
            ?? first(["og:locale", "dc:language", "content-language"]).map { $0.replacingOccurrences(of: "_", with: "-") }
        title = PlainText.line(PageTree.normalized(Self.decoded(title)))
        byline = byline.map { PlainText.line(PageTree.normalized(Self.decoded($0))) }
        siteName = siteName.map { PlainText.line(PageTree.normalized(Self.decoded($0))) }
    }

    /// `&amp;`-style references some pages leave in their meta values.
    private static func decoded(_ text: String) -> String {
        text.contains("&") ? (HTMLText.plain(text.replacingOccurrences(of: "<", with: "&lt;")) ?? text) : text
    }

    // MARK: <meta>

    /// Values by lower-case key: `property` (each of a space-separated list) or `name`
    /// (`dc.title` read as `dc:title`).
    private static func metaValues(_ page: PageTree) -> [String: String] {
        var values: [String: String] = [:]
        for meta in page.descendants(page.root, named: ["meta"]) {
            guard let content = page.attribute(meta, "content")?.trimmingASCIIWhitespace(),
                  !content.isEmpty else { continue }
            if let property = page.attribute(meta, "property")?.lowercased() {
                for key in property.split(separator: " ") where Self.isKnownProperty(String(key)) {
                    values[String(key)] = values[String(key)] ?? content
                }
            }
            if let name = page.attribute(meta, "name")?.lowercased().trimmingASCIIWhitespace() {
                let key = name.replacingOccurrences(of: ".", with: ":")
                values[key] = values[key] ?? content
            }
            if let equiv = page.attribute(meta, "http-equiv")?.lowercased(), equiv == "content-language" {
                values["content-language"] = values["content-language"] ?? content
            }
        }
        return values
    }

    private static func isKnownProperty(_ key: String) -> Bool {
        ["article:", "dc:", "dcterm:", "og:", "twitter:", "weibo:"].contains { key.hasPrefix($0) }
    }

    // MARK: JSON-LD

    private struct LinkedData {
        var title: String?
        var byline: String?
        var excerpt: String?
        var siteName: String?
        var published: String?
        var image: String?
        var articleBody: String?
    }

    private static let articleTypes: Set<String> = [
        "Article", "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
        "BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report",
        "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting",
        "LiveBlogPosting", "DiscussionForumPosting", "TechArticle", "APIReference",
    ]

    private static func jsonLD(_ page: PageTree) -> LinkedData {
        var result = LinkedData()
        // Scripts are still in the page here: metadata is read before preparation.
        for script in page.descendants(page.root, named: ["script"]) where page.attribute(script, "type") == "application/ld+json" {
            var text = page.text(script).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("<![CDATA[") { text = String(text.dropFirst(9).dropLast(3)) }
            guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
                  let article = findArticle(in: value) else { continue }
            result.title = (article["name"] as? String) ?? (article["headline"] as? String)
            if let name = article["name"] as? String, let headline = article["headline"] as? String, name != headline {
                // Prefer whichever the page's own title repeats.
                let documentTitle = titleFromDocument(page)
                let nameMatches = ArticleGrabber.similarity(name, documentTitle) > 0.75
                let headlineMatches = ArticleGrabber.similarity(headline, documentTitle) > 0.75
                result.title = headlineMatches && !nameMatches ? headline : name
            }
            result.byline = names(article["author"])
            result.excerpt = article["description"] as? String
            if let publisher = article["publisher"] as? [String: Any] { result.siteName = publisher["name"] as? String }
            result.published = article["datePublished"] as? String
            result.image = imageURL(article["image"])
            result.articleBody = (article["articleBody"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            return result
        }
        return result
    }

    /// The first object of an article type, in a list, a `@graph`, or on its own.
    private static func findArticle(in value: Any) -> [String: Any]? {
        if let list = value as? [Any] { return list.lazy.compactMap(findArticle).first }
        guard let object = value as? [String: Any] else { return nil }
        if let graph = object["@graph"] as? [Any], let found = graph.lazy.compactMap(findArticle).first { return found }
        let types: [String] = (object["@type"] as? String).map { [$0] } ?? (object["@type"] as? [String]) ?? []
        return types.contains(where: articleTypes.contains) ? object : nil
    }

    private static func names(_ author: Any?) -> String? {
        if let name = (author as? [String: Any])?["name"] as? String { return name.trimmingCharacters(in: .whitespaces) }
        if let list = author as? [Any] {
            let names = list.compactMap { ($0 as? [String: Any])?["name"] as? String }.map { $0.trimmingCharacters(in: .whitespaces) }
            return names.isEmpty ? nil : names.joined(separator: ", ")
        }
        return author as? String
    }

    private static func imageURL(_ image: Any?) -> String? {
        if let text = image as? String { return text }
        if let object = image as? [String: Any] { return object["url"] as? String }
        if let list = image as? [Any], let first = list.first { return imageURL(first) }
        return nil
    }

    // MARK: <title>

    private static let separators: Set<Character> = ["|", "-", "\\", "/", ">", "»", "–", "—"]
    private static let hierarchical: Set<Character> = ["\\", "/", ">", "»"]

    /// The page's `<title>`, without the site's name around it.
    static func titleFromDocument(_ page: PageTree) -> String {
        guard let element = page.first("title", in: page.root) else { return "" }
        let original = page.text(element).trimmingCharacters(in: .whitespacesAndNewlines)
        var title = original
        var hierarchicalSeparators = false
        if let separator = lastSeparator(in: original) {
            hierarchicalSeparators = original.contains { hierarchical.contains($0) } && hasSpacedSeparator(original, hierarchical)
            title = String(original[..<separator.lowerBound])
            if wordCount(title) < 3, let first = firstSeparator(in: original) { title = String(original[first.upperBound...]) }
        } else if original.contains(": ") {
            let headings = page.descendants(page.root, named: ["h1", "h2"]).map { page.text($0).trimmingCharacters(in: .whitespacesAndNewlines) }
            if !headings.contains(original), let colon = original.range(of: ":", options: .backwards) {
                title = String(original[colon.upperBound...])
                if wordCount(title) < 3, let first = original.range(of: ":") {
                    title = String(original[first.upperBound...])
                } else if let first = original.range(of: ":"), wordCount(String(original[..<first.lowerBound])) > 5 {
                    title = original
                }
            }
        } else if original.count > 150 || original.count < 15 {
            let headings = page.descendants(page.root, named: ["h1"])
            if headings.count == 1 { title = page.innerText(headings[0]) }
        }
        title = PageTree.normalized(title)
        let words = wordCount(title)
        if words <= 4, !hierarchicalSeparators
            || words != wordCount(String(original.filter { !separators.contains($0) })) - 1 {
            // A short title is kept whole ("Tips | Blog" says little), unless the page's own
            // heading says just the short part.
            let headings = page.descendants(page.root, named: ["h1"]).map { page.innerText($0) }
            if !headings.contains(title) { title = original }
        }
        return title
    }

    private static func wordCount(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }

    private static func hasSpacedSeparator(_ text: String, _ set: Set<Character>) -> Bool {
        let characters = Array(text)
        return characters.indices.dropFirst().dropLast().contains { set.contains(characters[$0]) && characters[$0 - 1] == " " && characters[$0 + 1] == " " }
    }

    /// The last ` | ` (or ` - `, ` / `, ` » `…) in the title.
    private static func lastSeparator(in text: String) -> Range<String.Index>? {
        var found: Range<String.Index>?
        var index = text.startIndex
        while index < text.endIndex {
            if separators.contains(text[index]), index > text.startIndex, text[text.index(before: index)] == " ",
               text.index(after: index) < text.endIndex, text[text.index(after: index)] == " " {
                found = text.index(before: index)..<text.index(index, offsetBy: 2)
            }
            index = text.index(after: index)
        }
        return found
    }

    private static func firstSeparator(in text: String) -> Range<String.Index>? {
        guard let index = text.firstIndex(where: { separators.contains($0) }) else { return nil }
        return index..<text.index(after: index)
    }
}
