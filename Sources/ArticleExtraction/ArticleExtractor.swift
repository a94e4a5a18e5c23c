import ArticleModel
import FeedParsing
import Foundation
import Localization

/// Finds the article in a web page: its text as the same sanitized document the reader
/// draws, and what the page says about it. No JavaScript, no network, no site rules.
public enum ArticleExtractor {
    /// Larger pages are refused unread.
    public static let maximumMegabytes = 16

    /// The article in `page` (the bytes as served), which came from `url`; `charset` is the
    /// HTTP header's, when there was one.
    public static func extract(from page: Data, url: URL?, charset: String? = nil) throws(ExtractionError) -> ExtractedArticle {
        guard page.count <= maximumMegabytes << 20 else {
            throw .tooLarge(megabytes: page.count >> 20, limit: maximumMegabytes)
        }
        if let kind = PageKind.nonHTML(page) { throw .notHTML(kind: kind) }
        // Read in place (libxml2 takes its own copy while it parses); `PageTree` decodes it.
        let result = page.withUnsafeBytes { raw in
            Result { () throws(ExtractionError) in try extract(raw.bindMemory(to: UInt8.self), url: url, charset: charset) }
        }
        return try result.get()
    }

    private static func extract(_ bytes: UnsafeBufferPointer<UInt8>, url: URL?, charset: String?) throws(ExtractionError) -> ExtractedArticle {
        guard let page = PageTree(html: bytes, charset: charset) else { throw .noArticle(reason: tr("the page is empty")) }
        let metadata = PageMetadata(page: page)
        let base = baseURL(page, pageURL: url)
        // A retry reads the page again rather than keeping a pristine copy of it the whole
        // time: most pages need one attempt, and a copy would double the memory of each.
        var best = bestAttempt(page, metadata: metadata, base: base) { PageTree(html: bytes, charset: charset) }
        // A page whose markup holds much less than its JSON-LD `articleBody` (a script-drawn
        // page, a paywall teaser) is read from the JSON-LD.
        if let body = metadata.articleBody.map(Self.document(fromPlainText:)) {
            let length = body.textLength
            if length >= ArticleGrabber.minimumCharacters, length > (best?.length ?? 0) * 2 {
                best = Attempt(document: body, length: length, linkDensity: 0, direction: best?.direction, byline: best?.byline)
            }
        }
        guard let best, best.length > 0 else { throw .noArticle(reason: tr("nothing in the page reads as an article's text")) }
        if best.linkDensity > maximumLinkDensity {
            throw .noArticle(reason: tr("the page's text is mostly links: a menu or an index, not an article"))
        }
        if best.isIndexOfStories {
            throw .noArticle(reason: tr("the page is a list of stories, each a linked headline and a line or two: an index, not an article"))
        }
        if best.length < minimumCharacters, best.document.images.isEmpty {
            throw .noArticle(reason: tr("the page holds only {count} character of text, too few for an article",
                                        plural: "the page holds only {count} characters of text, too few for an article",
                                        count: best.length))
        }
        return ExtractedArticle(
            title: metadata.title.isEmpty ? nil : metadata.title,
            byline: metadata.byline ?? best.byline,
            published: metadata.published,
            siteName: metadata.siteName,
            language: metadata.language,
            direction: best.direction ?? PageKind.direction(of: best.document.textSample(upTo: 2000)),
            leadImage: metadata.leadImage.flatMap { URL(string: $0, relativeTo: base)?.absoluteString },
            document: best.document)
    }

    /// Fewer characters than this, and no picture, is not an article.
    static let minimumCharacters = 25
    /// More of its text in links than this is a menu or an index, not an article.
    static let maximumLinkDensity = 0.5
    /// So many headlines that are links, with at most a teaser of this many characters each,
    /// make an index of stories (`Attempt.isIndexOfStories`).
    static let indexHeadlines = 5
    static let teaserCharacters = 200

    /// One pass of the grabber over the page.
    private struct Attempt {
        var document: ArticleDocument
        /// Characters of text.
        var length: Int
        /// The share of the text in links, measured on the page (where every link counts).
        var linkDensity: Double
        var direction: String?
        var byline: String?
        /// Whether it is mostly the page's furniture (`ArticleGrabber.foundFurniture`).
        var isFurniture = false
        /// Headings that are links to stories elsewhere (`PageTree.headlineLinkCount`).
        var headlines = 0

        /// Whether it is an index of stories — a section's front page, a blog's list of posts —
        /// rather than an article: five headlines or more that link to their stories, and no more
        /// than a teaser of text (a sentence or two, under 200 characters outside links) for
        /// each. Its links are far from most of its text, so the link-density verdict misses it.
        var isIndexOfStories: Bool {
            headlines >= ArticleExtractor.indexHeadlines
                && Double(length) * (1 - linkDensity) < Double(headlines * ArticleExtractor.teaserCharacters)
        }
    }

    /// The first attempt long enough, trying each on the page as read afresh (`reread`) with
    /// the grabber's rules relaxed one at a time. When every attempt is short the page is a short
    /// post: the strictest attempt that found an article's worth of text and is not mostly links
    /// is it, as each relaxation only lets more of the page around the post in (a sidebar's "about
    /// me", a blogroll); failing that, the longest.
    /// A relaxed attempt whose article is the page's furniture (`ArticleGrabber.foundFurniture`:
    /// comments, a sidebar, a footer) does not count once a stricter one found an article at all:
    /// relaxing the rules let that furniture back in, and it is longer only for not being the post.
    /// Furniture found first does not stop the search for the post either: a later attempt, with
    /// the class words set aside, may find a post they had weighed down.
    private static func bestAttempt(_ first: PageTree, metadata: PageMetadata, base: URL?,
                                    reread: () -> PageTree?) -> Attempt? {
        var attempts: [Attempt] = []
        var rules = ArticleGrabber.Rules()
        var page = first
        while true {
            PagePreparation.prepare(page)
            let grabber = ArticleGrabber(page: page, rules: rules, title: metadata.title)
            if let article = grabber.grab(), !(grabber.foundFurniture && attempts.contains { $0.length >= minimumCharacters && !$0.isFurniture }) {
                let document = ArticleDocument.build(from: page, article, baseURL: base)
                let length = document.textLength
                attempts.append(Attempt(document: document, length: length, linkDensity: page.linkDensity(article), direction: direction(page, article),
                                        byline: grabber.byline, isFurniture: grabber.foundFurniture, headlines: page.headlineLinkCount(article)))
                if length >= ArticleGrabber.minimumCharacters { return attempts.last }
            }
            guard rules.relax(), let fresh = reread() else { break }
            page = fresh
        }
        let readable = attempts.filter { $0.linkDensity <= maximumLinkDensity }
        if let post = readable.first(where: { $0.length >= minimumCharacters && !$0.isFurniture }) ?? readable.first(where: { $0.length >= minimumCharacters }) {
            return post
        }
        return (readable.isEmpty ? attempts : readable).max { $0.length < $1.length }
    }

    /// Plain text as paragraphs: each run of lines between blank lines (or each line, when
    /// there are no blank lines) is one.
    static func document(fromPlainText text: String) -> ArticleDocument {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        let separator = normalized.contains("\n\n") ? "\n\n" : "\n"
        let paragraphs = normalized.components(separatedBy: separator).map(PageTree.normalized).filter { !$0.isEmpty }
        return ArticleDocument(blocks: paragraphs.map { .paragraph([.text($0)]) })
    }

    /// The address relative links resolve against: the page's `<base href>` (itself
    /// resolved against the page's address), or the page's address.
    private static func baseURL(_ page: PageTree, pageURL: URL?) -> URL? {
        guard let base = page.first("base", in: page.root), let href = page.attribute(base, "href"),
              let resolved = URL(string: href, relativeTo: pageURL)?.absoluteURL else { return pageURL }
        return resolved
    }

    /// The `dir` of the article or the nearest ancestor that says.
    private static func direction(_ page: PageTree, _ article: PageTree.ID) -> String? {
        let holders = [article] + page.descendants(article).prefix(1) + page.ancestors(article)
        for holder in holders {
            if let dir = page.attribute(holder, "dir")?.lowercased(), dir == "rtl" || dir == "ltr" { return dir }
        }
        for name in ["body", "html"] {
            if let element = name == "html" ? page.root : page.first(name, in: page.root),
               let dir = page.attribute(element, "dir")?.lowercased(), dir == "rtl" || dir == "ltr" { return dir }
        }
        return nil
    }
}
