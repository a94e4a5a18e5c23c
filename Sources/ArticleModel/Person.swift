/// A feed or entry author (or contributor): all fields optional, plain text.
public struct Person: Sendable, Equatable, Hashable {
    /// The display name, entities decoded and whitespace collapsed.
    public var name: String?
    /// An e-mail address, when the feed gives one.
    public var email: String?
    /// A home page or profile URI, absolute when it could be resolved.
    public var uri: String?

    public init(name: String? = nil, email: String? = nil, uri: String? = nil) {
        self.name = name
        self.email = email
        self.uri = uri
    }

    /// True when no field carries a value.
    public var isEmpty: Bool { name == nil && email == nil && uri == nil }
}
