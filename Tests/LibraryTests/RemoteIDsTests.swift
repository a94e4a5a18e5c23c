import Testing
@testable import Library

/// Server ids kept as numbers where they are written as numbers: a held item is never fetched
/// again, and no other spelling of a number is taken for it.
@Suite struct RemoteIDsTests {
    @Test func aNumberIsKeptAsOneOnlyWhenWrittenTheOneWayANumberIsWritten() {
        #expect(RemoteIDs.number("1795994252218340") == 1795994252218340)
        #expect(RemoteIDs.number("0") == 0)
        #expect(RemoteIDs.number("-2") == -2)
        #expect(RemoteIDs.number("9223372036854775807") == .max)
        #expect(RemoteIDs.number("-9223372036854775808") == .min)
        for other in ["", "-", "007", "-0", "+5", " 5", "5 ", "9223372036854775808", "-9223372036854775809",
                      "12345678901234567890", "5e3", "0x1f", "507f1f77bcf86cd799439011", "https://example.org/1"] {
            #expect(RemoteIDs.number(other) == nil, "\(other)")
        }
    }

    @Test func anItemHeldIsNotFetchedAgainAndAnotherSpellingIsNotTakenForIt() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let account = try store.addAccount(kind: .googleReader, server: "https://rss.example.org", userName: "ann")
        try store.applySubscriptions([RemoteFeed(remoteID: "feed/1", url: "https://example.org/feed")], accountID: account.id)
        let held = ["101", "-5", "9223372036854775808", "507f1f77bcf86cd799439011"]
        try store.saveRemoteItems(held.map { RemoteItem(remoteID: $0, feedRemoteID: "feed/1", title: $0, html: "<p>\($0)</p>") },
                                  accountID: account.id)
        let asked = held + ["0101", "+101", "-05", "9223372036854775807", "507F1F77BCF86CD799439011", "102"]
        #expect(try store.missingRemoteItems(accountID: account.id, among: asked)
                == ["0101", "+101", "-05", "9223372036854775807", "507F1F77BCF86CD799439011", "102"])
        #expect(try store.heldRemoteItems(accountID: account.id).count == 4)
    }

    @Test func theServersListsReachHeldItemsByNumberAndByText() throws {
        let (store, folder) = try makeStore()
        _ = folder
        let account = try store.addAccount(kind: .googleReader, server: "https://rss.example.org", userName: "ann")
        try store.applySubscriptions([RemoteFeed(remoteID: "feed/1", url: "https://example.org/feed")], accountID: account.id)
        try store.saveRemoteItems([RemoteItem(remoteID: "1795994252218340", feedRemoteID: "feed/1", title: "Number", html: "<p>1</p>"),
                                   RemoteItem(remoteID: "507f1f77bcf86cd799439011", feedRemoteID: "feed/1", title: "Text", html: "<p>2</p>")],
                                  accountID: account.id)
        // Read on the server but the text one; the number starred there, and a "0"-led spelling of it unread.
        let changed = try store.applyRemoteStates(accountID: account.id, unread: ["507f1f77bcf86cd799439011", "01795994252218340"],
                                                  starred: ["1795994252218340"], stored: try store.storedStates(accountID: account.id))
        let rows = try store.articles(ArticleQuery(view: .all))
        #expect(rows.first { $0.title == "Number" }.map { $0.read && $0.starred } == true)
        #expect(rows.first { $0.title == "Text" }.map { !$0.read && !$0.starred } == true)
        #expect(changed == 2)
    }
}
