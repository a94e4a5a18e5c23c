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
}
