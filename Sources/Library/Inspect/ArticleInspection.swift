import ArticleExtraction
import FeedParsing
import Foundation

/// `lectern --extract-article FILE|URL [--base-url URL]`: the article in one web page,
/// written as the JSON of docs/extract-article.md.
public enum ArticleInspection {
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The argument could not be read or fetched.
        case unreadable(FetchedDocument.LoadError)
        /// The page holds no article (or is not a page).
        case noArticle(argument: String, reason: ExtractionError)

        public var description: String {
            switch self {
            case .unreadable(let error): "\(error)"
            case .noArticle(let argument, let reason): "\(argument): \(reason)"
            }
        }
    }

    /// The article of the page named by `argument` (a path, a `file:` or an http(s) URL) as
    /// one line of JSON. `baseURL` is the address a file came from (a fetched page's own
    /// address wins).
    public static func json(_ argument: String, baseURL: URL?, appVersion: String) throws(Failure) -> String {
        let fetched: FetchedDocument
        do {
            fetched = try FetchedDocument.load(argument, policy: .page, appVersion: appVersion)
        } catch {
            throw .unreadable(error)
        }
        do {
            let article = try ArticleExtractor.extract(from: fetched.data, url: fetched.url ?? baseURL,
                                                       charset: fetched.contentType.flatMap(CharsetSniffer.charset(inContentType:)))
            return article.json
        } catch {
            throw .noArticle(argument: argument, reason: error)
        }
    }
}
