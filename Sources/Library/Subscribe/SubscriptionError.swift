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
            return "\"\(text)\" is not a web address. Enter a feed or site address such as https://example.org/feed."
        case .unsupportedScheme(let scheme):
            return "Lectern cannot subscribe to \(scheme): addresses. Use an http://, https:// or file:// address."
        case .alreadySubscribed(let url, let title):
            return "You are already subscribed to \(title) (\(url))."
        case .noFeedFound(let url):
            return "No feed was found at \(url) or on its page. Look for an RSS or Atom link on the site and paste that address."
        case .fetchFailed(let url, let reason):
            return "Could not load \(url): \(reason)"
        case .storage(let error):
            return "The subscription could not be saved: \(error)"
        }
    }
}
