import Foundation

/// A folder as a sync server names it (a Tiny Tiny RSS category, a Google Reader label).
public struct RemoteFolder: Sendable, Equatable, Hashable {
    public var remoteID: String
    public var title: String

    public init(remoteID: String, title: String) {
        self.remoteID = remoteID
        self.title = title
    }
}

/// A subscription as a sync server lists it.
public struct RemoteFeed: Sendable, Equatable {
    public var remoteID: String
    /// The feed's address (what the server fetches).
    public var url: String
    public var title: String?
    public var siteURL: String?
    public var folder: RemoteFolder?
    /// The feed's icon as the server keeps it (FreshRSS `iconUrl`): an account's feeds take
    /// their icons from their server, never from the origin site behind its back.
    public var iconURL: String?

    public init(remoteID: String, url: String, title: String? = nil, siteURL: String? = nil, folder: RemoteFolder? = nil,
                iconURL: String? = nil) {
        self.remoteID = remoteID
        self.url = url
        self.title = title
        self.siteURL = siteURL
        self.folder = folder
        self.iconURL = iconURL
    }
}

/// An article as a sync server sends it, with its state there. `html` is the body as the
/// server holds it; the reader sanitizes it like any feed's.
public struct RemoteItem: Sendable, Equatable {
    /// The server's id of the item, in one canonical spelling per protocol.
    public var remoteID: String
    public var feedRemoteID: String
    public var title: String?
    public var link: String?
    public var author: String?
    public var published: Date?
    public var updated: Date?
    public var html: String?
    public var read: Bool
    public var starred: Bool

    public init(remoteID: String, feedRemoteID: String, title: String? = nil, link: String? = nil, author: String? = nil,
                published: Date? = nil, updated: Date? = nil, html: String? = nil, read: Bool = false, starred: Bool = false) {
        self.remoteID = remoteID
        self.feedRemoteID = feedRemoteID
        self.title = title
        self.link = link
        self.author = author
        self.published = published
        self.updated = updated
        self.html = html
        self.read = read
        self.starred = starred
    }
}

/// A local change a server has not heard of yet, as queued.
public struct SyncChange: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case read
        case starred
        case subscribe
        case unsubscribe
        case rename
        case move
        /// An account's folder renamed (`target` its server id, `value` the new title) or deleted
        /// (its feeds stay, out of any folder where the server allows it).
        case renameFolder
        case deleteFolder
        /// A label put on or taken off an item (`target` the item's server id, `value` the
        /// label's name: each protocol finds its own id for it).
        case addLabel
        case removeLabel
        /// An account's label renamed (`target` the old name, `value` the new) or deleted
        /// (`target` its name; the articles stay).
        case renameLabel
        case deleteLabel
    }

    /// The queue's own id (its order).
    public var id: Int64
    public var kind: Kind
    /// The item's or feed's remote id, or the address to subscribe to.
    public var target: String
    /// "1" or "0" for read and starred, the new title for rename, the folder's title for
    /// move and subscribe (nil: no folder), the label's name for a label put on or taken off.
    public var value: String?

    public init(id: Int64, kind: Kind, target: String, value: String?) {
        self.id = id
        self.kind = kind
        self.target = target
        self.value = value
    }
}
