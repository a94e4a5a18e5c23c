/// A feed found on a page, for the user to choose.
public struct DiscoveredFeed: Sendable, Equatable, Hashable {
    public var url: String
    /// The link's title, or the feed's own title when it was fetched.
    public var title: String?
    /// The MIME type the page gave, when it came from a `<link>`.
    public var type: String?

    public init(url: String, title: String? = nil, type: String? = nil) {
        self.url = url
        self.title = title
        self.type = type
    }
}

/// What `Subscriber.subscribe(url:)` did.
public enum SubscribeResult: Sendable, Equatable {
    /// Subscribed; the first fetch's articles are stored.
    case subscribed(Feed, IngestResult)
    /// The page offers several feeds: call `subscribe(url:)` again with the one chosen.
    case choices([DiscoveredFeed])
}
