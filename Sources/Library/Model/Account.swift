import Foundation
import Localization

/// A sync account: a server that holds subscriptions, articles and their read and starred
/// state for the user (FreshRSS, Miniflux, Tiny Tiny RSS…). Its password is not here: it
/// lives in the desktop's Secret Service.
public struct Account: Sendable, Equatable, Identifiable {
    /// The protocol the server speaks.
    public enum Kind: String, Sendable, CaseIterable {
        /// The Google Reader API: FreshRSS, Miniflux, The Old Reader, BazQux (Inoreader needs an app key: not yet).
        case googleReader = "greader"
        /// Tiny Tiny RSS's JSON API.
        case tinyTinyRSS = "ttrss"
        /// Miniflux's own REST API (v1).
        case miniflux = "miniflux"
        /// The Nextcloud News app's REST API (v1-3).
        case nextcloudNews = "nextcloud"
        /// Feedbin's REST API (v2): the hosted service, or a Feedbin of one's own.
        case feedbin = "feedbin"

        public var displayName: String {
            switch self {
            case .googleReader: "Google Reader API"
            case .tinyTinyRSS: "Tiny Tiny RSS"
            case .miniflux: "Miniflux"
            case .nextcloudNews: "Nextcloud News"
            case .feedbin: "Feedbin"
            }
        }
    }

    public var id: Int64
    public var kind: Kind
    /// The server's base address as the user gave it, normalised (no trailing slash).
    public var server: String
    public var userName: String
    public var addedAt: Date
    public var lastAttempt: Date?
    /// When a sync last finished without an error.
    public var lastSync: Date?
    /// Why the last sync failed, in plain words; nil after a success.
    public var lastError: String?
    /// The protocol's bookmark from the last sync (opaque to the library).
    public var cursor: String?

    public init(id: Int64, kind: Kind, server: String, userName: String, addedAt: Date = Date(),
                lastAttempt: Date? = nil, lastSync: Date? = nil, lastError: String? = nil, cursor: String? = nil) {
        self.id = id
        self.kind = kind
        self.server = server
        self.userName = userName
        self.addedAt = addedAt
        self.lastAttempt = lastAttempt
        self.lastSync = lastSync
        self.lastError = lastError
        self.cursor = cursor
    }

    /// How much the title says: the host alone, unless another account of the library has the
    /// same user on the same host — then the kind of server too, or, between two of one kind,
    /// the whole address (`LibraryStore.accounts()` decides, as `distinguished` does).
    public enum Naming: Sendable, Equatable { case host, hostAndKind, address }
    public var naming = Naming.host

    /// "alice on rss.example.org": how the sidebar and the messages name the account;
    /// "alice on example.org (Miniflux)" or "alice on example.org:8080/reader" beside a namesake.
    public var title: String {
        // Translators: how an account is named, e.g. "alice on rss.example.org".
        let title = tr("{user} on {server}", ["user": userName, "server": naming == .address ? Self.address(of: server) : Self.host(of: server)])
        guard naming == .hostAndKind else { return title }
        // Translators: an account's name and its kind of server, e.g. "alice on example.org (Miniflux)".
        return tr("{account} ({kind})", ["account": title, "kind": kind.displayName])
    }

    /// `accounts`, each named so that no two share a title.
    public static func distinguished(_ accounts: [Account]) -> [Account] {
        var named = accounts
        for indices in Dictionary(grouping: accounts.indices, by: { accounts[$0].title.lowercased() }).values where indices.count > 1 {
            let kinds = Set(indices.map { accounts[$0].kind })
            for index in indices { named[index].naming = kinds.count == indices.count ? .hostAndKind : .address }
        }
        return named
    }

    /// A server address without its scheme: "example.org:8080/reader".
    public static func address(of server: String) -> String {
        guard let scheme = server.range(of: "://") else { return server }
        return String(server[scheme.upperBound...])
    }

    /// The host a server address names, or the address itself when it names none.
    public static func host(of server: String) -> String { URL(string: server)?.host ?? server }
}
