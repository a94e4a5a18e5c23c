import Library
import Testing
@testable import Sync

/// The one list of protocols the app offers: every kind of account has exactly one entry, so the
/// account dialog, the sidebar's menus and the engine never disagree about a server.
@Suite struct SyncProtocolTests {
    @Test func everyKindOfAccountIsRegisteredOnce() {
        let kinds = SyncProtocol.all.map(\.kind)
        #expect(Set(kinds) == Set(Account.Kind.allCases) && kinds.count == Account.Kind.allCases.count, "\(kinds)")
        #expect(SyncProtocol.of(.tinyTinyRSS).editsFeeds == false, "its API cannot rename or move a feed")
        #expect(SyncProtocol.all.allSatisfy { $0.addressExample.hasPrefix("https://") && !$0.products.isEmpty })
    }

    /// The flag the sidebar reads without a client (whether to offer "Refresh on the Server") says
    /// what each protocol's client can do.
    @Test func aProtocolOffersRefreshingAFeedExactlyWhenItsClientCan() throws {
        for entry in SyncProtocol.all {
            let options = SyncOptions(appVersion: "9.9-test")
            let syncer = try entry.makeSyncer("https://example.org/", "ann", "secret", SyncHTTP(server: "example.org", settings: options.http), options)
            #expect(entry.refreshesFeeds == (syncer is any FeedRefreshing), "\(entry.kind)")
        }
        #expect(SyncProtocol.all.filter(\.refreshesFeeds).map(\.kind) == [.miniflux, .tinyTinyRSS])
    }
}
