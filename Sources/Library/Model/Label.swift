import Foundation

/// A label the user puts on articles (a Google Reader or Tiny Tiny RSS label, or one of the
/// local library's): unlike a folder, which holds feeds, a label holds articles, any number
/// each. An account's labels are its server's and sync both ways.
public struct Label: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int64
    public var name: String
    /// The sync account the label belongs to; nil for the local library.
    public var accountID: Int64?

    public init(id: Int64, name: String, accountID: Int64? = nil) {
        self.id = id
        self.name = name
        self.accountID = accountID
    }
}

/// A label as a sync server lists it, with the server's ids of the items that carry it.
public struct RemoteLabel: Sendable, Equatable {
    public var remoteID: String
    public var name: String
    public var items: [String]

    public init(remoteID: String, name: String, items: [String]) {
        self.remoteID = remoteID
        self.name = name
        self.items = items
    }
}
