import Foundation
import Library
import Localization

/// One sync protocol as the rest of Lectern sees it: which servers speak it, where such a
/// server's address usually points, what its API can change, and how its client is made. The
/// engine (queue, conflicts, retries, secrets) and the UI are shared; a new protocol is a
/// client, a mapping (its `AccountSyncer`) and one entry in `all`.
public struct SyncProtocol: Sendable {
    public let kind: Account.Kind
    /// The servers that speak it, as the account dialog offers them.
    public let products: String
    /// An address of the form its servers have, shown as the dialog's placeholder.
    public let addressExample: String
    /// Whether the API can rename a feed and move it between folders, and rename and delete a
    /// folder (Tiny Tiny RSS's can do none of these).
    public let editsFeeds: Bool
    /// A hosted service's own address (Feedbin's): the account dialog asks only for the e-mail and
    /// the password, and the command line needs no `--server`.
    public let fixedServer: String?
    /// What to put in the password field, when it is not plainly the password.
    public let passwordHint: String?
    /// What the API does with labels on articles.
    public let labels: LabelSupport
    /// Whether the API can ask the server to fetch one feed now, rather than at its own next
    /// turn (Miniflux's "Refresh Feed", Tiny Tiny RSS's `updateFeed`).
    public let refreshesFeeds: Bool
    let makeSyncer: @Sendable (_ server: String, _ user: String, _ password: String, SyncHTTP, SyncOptions) throws(SyncError) -> any AccountSyncer

    init(kind: Account.Kind, products: String, addressExample: String, editsFeeds: Bool, fixedServer: String? = nil,
         passwordHint: String? = nil, labels: LabelSupport = .none, refreshesFeeds: Bool = false, makeSyncer: @escaping @Sendable (_ server: String, _ user: String, _ password: String, SyncHTTP, SyncOptions) throws(SyncError) -> any AccountSyncer) {
        self.kind = kind
        self.products = products
        self.addressExample = addressExample
        self.editsFeeds = editsFeeds
        self.fixedServer = fixedServer
        self.passwordHint = passwordHint
        self.labels = labels
        self.refreshesFeeds = refreshesFeeds
        self.makeSyncer = makeSyncer
    }

    /// Every protocol Lectern speaks, in the order the account dialog lists them.
    public static var all: [SyncProtocol] {
        [
            SyncProtocol(kind: .googleReader,
                         // Translators: a kind of sync server; the names are products, "Google Reader API" the protocol.
                         products: tr("FreshRSS, Miniflux, The Old Reader… (Google Reader API)"),
                         addressExample: "https://rss.example.org/api/greader.php", editsFeeds: true,
                         passwordHint: tr("FreshRSS and Miniflux want the API password set in their settings, not the one for their web page."),
                         labels: .full) { server, user, password, http, options throws(SyncError) in
                GoogleReaderSync(client: try GoogleReaderClient(server: server, user: user, password: password, http: http), options: options)
            },
            SyncProtocol(kind: .miniflux, products: tr("Miniflux (its own API)"),
                         addressExample: "https://miniflux.example.org", editsFeeds: true,
                         passwordHint: tr("The password, or an API key made in Miniflux's settings."),
                         refreshesFeeds: true) { server, user, password, http, options throws(SyncError) in
                MinifluxSync(client: try MinifluxClient(server: server, user: user, password: password, http: http), options: options)
            },
            SyncProtocol(kind: .nextcloudNews, products: "Nextcloud News",
                         addressExample: "https://cloud.example.org", editsFeeds: true,
                         passwordHint: tr("The Nextcloud password, or an app password made in its security settings.")) { server, user, password, http, options throws(SyncError) in
                NextcloudNewsSync(client: try NextcloudNewsClient(server: server, user: user, password: password, http: http), options: options)
            },
            SyncProtocol(kind: .feedbin, products: "Feedbin", addressExample: FeedbinClient.hosted, editsFeeds: true,
                         fixedServer: FeedbinClient.hosted) { server, user, password, http, options throws(SyncError) in
                FeedbinSync(client: try FeedbinClient(server: server, user: user, password: password, http: http), options: options)
            },
            SyncProtocol(kind: .tinyTinyRSS, products: "Tiny Tiny RSS",
                         addressExample: "https://rss.example.org/tt-rss/", editsFeeds: false,
                         // Translators: "Enable API" is the name of Tiny Tiny RSS's setting, in its own translation.
                         passwordHint: tr("Tiny Tiny RSS needs \"Enable API\" switched on in its preferences."),
                         labels: .existing, refreshesFeeds: true) { server, user, password, http, options throws(SyncError) in
                TinyTinyRSSSync(client: try TinyTinyRSSClient(server: server, user: user, password: password, http: http),
                                server: http.server, options: options)
            },
        ]
    }

    /// What a protocol's API does with labels on articles.
    public enum LabelSupport: Sendable {
        /// None (Miniflux, Nextcloud News and Feedbin label feeds, not articles).
        case none
        /// Puts the server's labels on articles and takes them off; they are made, renamed and
        /// deleted on the server's own pages (Tiny Tiny RSS).
        case existing
        /// Everything, a label made by putting it on an article (Google Reader's `edit-tag`).
        case full
    }

    /// The protocol of `kind`.
    public static func of(_ kind: Account.Kind) -> SyncProtocol {
        guard let found = all.first(where: { $0.kind == kind }) else { preconditionFailure("no protocol registered for \(kind)") }
        return found
    }
}
