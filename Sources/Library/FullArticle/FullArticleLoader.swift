import ArticleExtraction
import FeedParsing
import Foundation
import Localization

/// Loads an article's full text from its web page and stores it beside the feed's
/// version. Fetching keeps the refresher's manners (its User-Agent, size cap, timeouts,
/// two connections a host, redirects, no cookies); extraction is `ArticleExtractor`'s.
public final class FullArticleLoader: Sendable {
    private let store: LibraryStore
    private let fetcher: HTTPFetcher

    public init(store: LibraryStore, policy: RefreshPolicy) {
        self.store = store
        fetcher = HTTPFetcher(policy: policy)
    }

    /// Fetches the page of article `id`, extracts its article and stores it; the stored
    /// full article. Nothing is stored when any step fails.
    @discardableResult
    public func load(articleID id: Int64) async throws(FullArticleFailure) -> FullArticle {
        let article: Article
        let feed: Feed?
        do throws(StorageError) {
            // Translators: what is missing, in “{thing} is no longer in the library”.
            guard let found = try store.article(id: id) else { throw .notFound(what: tr("The article")) }
            article = found
            feed = try store.feed(id: found.feedID)
        } catch {
            throw .storage(error)
        }
        let page = try Self.pageURL(of: article, feedURL: feed?.url)
        let result: HTTPResult
        do {
            result = try await fetcher.fetch(page, as: .page)
        } catch {
            throw .download(error)
        }
        if let status = result.status, !(200..<300).contains(status) {
            throw .http(status: status, url: result.url.absoluteString)
        }
        let extracted: ExtractedArticle
        do {
            extracted = try ArticleExtractor.extract(from: result.body, url: result.url,
                                                     charset: result.header("Content-Type").flatMap(CharsetSniffer.charset(inContentType:)))
        } catch {
            throw .noArticle(error)
        }
        let full = FullArticle(html: extracted.document.html, text: extracted.text, byline: extracted.byline)
        do {
            try store.saveFullArticle(full, for: id)
        } catch {
            throw .storage(error)
        }
        return full
    }

    /// The page to load: the article's http(s) link; a `file:` link only for a feed that
    /// is itself a local file (a feed from the web never makes Lectern read local files).
    static func pageURL(of article: Article, feedURL: String?) throws(FullArticleFailure) -> URL {
        guard let link = article.link?.trimmingCharacters(in: .whitespaces), !link.isEmpty else { throw .noLink }
        guard let url = URL(string: link), let scheme = url.scheme?.lowercased() else { throw .notAWebAddress(link) }
        switch scheme {
        case "http", "https": return url
        case "file" where feedURL.flatMap(URL.init(string:))?.isFileURL == true: return url
        default: throw .notAWebAddress(link)
        }
    }
}
