import ArticleExtraction
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why the full article could not be loaded; `description` is the sentence the reader's
/// notice shows. The feed's version stays on screen and in the library either way.
public enum FullArticleFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The article names no web page.
    case noLink
    /// Its link is not an http(s) address (or a file beside a file feed).
    case notAWebAddress(String)
    /// The page could not be downloaded.
    case unreachable(String)
    /// The site answered with an error status.
    case http(status: Int, url: String)
    /// The page was downloaded but holds no article.
    case noArticle(ExtractionError)
    /// The article left the library meanwhile, or the library could not store it.
    case storage(StorageError)

    public var description: String {
        switch self {
        case .noLink:
            "This article names no web page to load the full article from."
        case .notAWebAddress(let link):
            "The article's link (\(link)) is not a web address, so Lectern did not load it."
        case .unreachable(let reason):
            reason
        case .http(let status, let url):
            "\(url) answered HTTP \(status) (\(HTTPURLResponse.localizedString(forStatusCode: status)))."
        case .noArticle(let reason):
            "The page holds no article Lectern could find (\(Self.reason(reason)))."
        case .storage(let error):
            "\(error)"
        }
    }

    /// The extractor's reason without its leading "no article found: ".
    private static func reason(_ error: ExtractionError) -> String {
        let text = "\(error)"
        let prefix = "no article found: "
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }

    /// A failed download, in words about a page rather than a feed.
    static func download(_ failure: FetchFailure) -> FullArticleFailure {
        switch failure {
        case .tooLarge(let limit):
            .unreachable("The page is larger than \(limit / (1024 * 1024)) MB, so Lectern stopped downloading it.")
        case .redirectLoop, .tooManyRedirects:
            .unreachable("The site redirects in a loop, so the page never arrived.")
        case .timedOut, .tooSlow:
            .unreachable("The site did not send the page in time.")
        case .cancelled:
            .unreachable("Loading the full article was cancelled.")
        case .transport(let reason), .noConnection(let reason):
            .unreachable("Could not reach the site: \(reason).")
        case .unreadableFile(let reason):
            .unreachable("Could not read the page: \(reason).")
        }
    }
}
