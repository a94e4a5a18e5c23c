import Foundation
import Library

/// A library file in a folder of its own with one sync account's feed, "Harbour", whose articles
/// come as a sync brings them (this target does not parse feeds). The folder goes with it.
final class HarbourLibrary {
    let store: LibraryStore
    private let folder: URL
    private let accountID: Int64

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "lectern-harbour-\(UUID().uuidString)")
        store = try LibraryStore.open(path: folder.appending(path: "library.sqlite").path)
        accountID = try store.addAccount(kind: .googleReader, server: "https://rss.example.org", userName: "ann").id
        try store.applySubscriptions([RemoteFeed(remoteID: "feed/1", url: "https://harbour.example/feed", title: "Harbour")],
                                     accountID: accountID)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Articles of the Harbour feed, as a sync stores them.
    func add(_ items: [RemoteItem]) throws {
        try store.saveRemoteItems(items, accountID: accountID)
    }
}
