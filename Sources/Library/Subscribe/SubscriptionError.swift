import Localization

/// Why subscribing to an address did not work.
public enum SubscriptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a URL Lectern can read at all.
    case invalidURL(String)
    /// A scheme other than http, https or file.
    case unsupportedScheme(String)
    /// Already in the library (under this title).
    case alreadySubscribed(url: String, title: String)
    /// Neither a feed nor a page pointing to one.
    case noFeedFound(url: String)
    /// The address could not be fetched.
    case fetchFailed(url: String, reason: String)
    /// The library could not store the subscription.
    case storage(StorageError)

    public var description: String {
        switch self {
        case .invalidURL(let text):
            return tr("\"{text}\" is not a web address. Enter a feed or site address such as https://example.org/feed.", ["text": text])
        case .unsupportedScheme(let scheme):
            // Translators: {scheme} is the start of an address, e.g. "ftp" in "ftp://…".
            return tr("Lectern cannot subscribe to {scheme}: addresses. Use an http://, https:// or file:// address.", ["scheme": scheme])
        case .alreadySubscribed(let url, let title):
            return tr("You are already subscribed to {feed} ({url}).", ["feed": title, "url": url])
        case .noFeedFound(let url):
            return tr("No feed was found at {url} or on its page. Look for an RSS or Atom link on the site and paste that address.", ["url": url])
        case .fetchFailed(let url, let reason):
            return tr("Could not load {url}: {error}", ["url": url, "error": reason])
        case .storage(let error):
            return tr("The subscription could not be saved: {error}", ["error": error.description])
        }
    }
}
