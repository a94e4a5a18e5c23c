import ArticleExtraction
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Localization

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
            tr("This article names no web page to load the full article from.")
        case .notAWebAddress(let link):
            tr("The article's link ({link}) is not a web address, so Lectern did not load it.", ["link": link])
        case .unreachable(let reason):
            reason
        case .http(let status, let url):
            // Translators: {status} is an HTTP status code, {reason} its meaning, e.g. "not found".
            tr("{url} answered HTTP {status} ({reason}).",
               ["url": url, "status": String(status), "reason": HTTPURLResponse.localizedString(forStatusCode: status)])
        case .noArticle(let error):
            // Translators: {reason} says what the page holds instead, e.g. "the page is empty".
            tr("The page holds no article Lectern could find ({reason}).", ["reason": error.reason])
        case .storage(let error):
            "\(error)"
        }
    }

    /// A failed download, in words about a page rather than a feed.
    static func download(_ failure: FetchFailure) -> FullArticleFailure {
        switch failure {
        case .tooLarge(let limit):
            .unreachable(tr("The page is larger than {size} MB, so Lectern stopped downloading it.", ["size": limit / (1024 * 1024)]))
        case .redirectLoop, .tooManyRedirects:
            .unreachable(tr("The site redirects in a loop, so the page never arrived."))
        case .redirectElsewhere:
            .unreachable(tr("The site redirects away from the web (to a local file or another protocol), which Lectern does not follow."))
        case .timedOut, .tooSlow:
            .unreachable(tr("The site did not send the page in time."))
        case .cancelled:
            .unreachable(tr("Loading the full article was cancelled."))
        case .transport(let reason), .noConnection(let reason):
            .unreachable(tr("Could not reach the site: {error}.", ["error": reason]))
        case .unreadableFile(let reason):
            .unreachable(tr("Could not read the page: {error}.", ["error": reason]))
        }
    }
}
