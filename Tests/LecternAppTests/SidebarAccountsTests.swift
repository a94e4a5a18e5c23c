import CGtk4
import Foundation
import GtkBridge
import Library
import Testing
@testable import LecternApp

/// The sidebar with sync accounts: the local library first, then each account under its
/// heading with its own folders and feeds; the heading counts the account's unread articles
/// and carries its last sync error.
@Suite("Sidebar with accounts", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct SidebarAccountsTests {
    @Test func eachAccountIsASectionWithItsFoldersFeedsCountAndError() throws {
        try #require(gtk_init_check() != 0)
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-sidebar-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try LibraryStore.open(path: folder.appending(path: "library.sqlite").path)
        try store.addFeed(url: "https://local.example/feed", title: "Local Feed")
        let account = try store.addAccount(kind: .googleReader, server: "https://rss.example.org", userName: "ann")
        try store.applySubscriptions([
            RemoteFeed(remoteID: "feed/1", url: "https://tea.example/feed", title: "Tea", folder: RemoteFolder(remoteID: "user/-/label/Drinks", title: "Drinks")),
            RemoteFeed(remoteID: "feed/2", url: "https://rail.example/feed", title: "Rail"),
        ], accountID: account.id)
        try store.saveRemoteItems([RemoteItem(remoteID: "1", feedRemoteID: "feed/1", title: "Oolong"),
                                   RemoteItem(remoteID: "2", feedRemoteID: "feed/2", title: "Funicular")], accountID: account.id)
        try store.recordSync(accountID: account.id, error: "rss.example.org refused the user name or password.", cursor: nil)

        let sidebar = SidebarController(access: StoreAccess(store: store))
        let titles = sidebar.items.dropFirst(SidebarItem.smartViews.count).map(\.title)
        #expect(titles == ["Local Feed", "ann on rss.example.org", "Drinks", "Tea", "Rail"])
        let heading = try #require(sidebar.items.first { if case .account = $0 { true } else { false } })
        #expect(heading.view == .account(account.id))
        #expect(heading.count(in: try store.unreadCounts()) == 2)
        #expect(heading.problem?.contains("refused") == true, "the last sync's error is shown on the heading")
        #expect(try store.count(.account(account.id)) == 2, "the heading lists the account's articles")
    }
}
