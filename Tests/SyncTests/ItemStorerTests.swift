import Foundation
import Library
import Synchronization
import Testing
@testable import Sync

/// A sync's pages stored off the path of its requests: every page, in the order it came; a sync
/// far ahead of the storing held back; the first failure ends the storing and keeps what was
/// stored before it. And the form bodies those requests carry.
@Suite struct ItemStorerTests {
    private static let feed = "feed/1"

    private func library() throws -> (LibraryStore, Account, TempFolder) {
        let folder = TempFolder()
        let store = try LibraryStore.open(path: folder.url.appending(path: "library.sqlite").path)
        let account = try store.addAccount(kind: .googleReader, server: "https://reader.example", userName: "me")
        try store.applySubscriptions([RemoteFeed(remoteID: Self.feed, url: "https://example.org/feed")], accountID: account.id)
        return (store, account, folder)
    }

    private func page(_ numbers: Range<Int>, read: Bool = false) -> [RemoteItem] {
        numbers.map { RemoteItem(remoteID: "item-\($0)", feedRemoteID: Self.feed, title: "Article \($0)",
                                 published: Date(timeIntervalSince1970: 1_700_000_000 + Double($0)), html: "<p>Text \($0)</p>", read: read) }
    }

    @Test func everyPageIsStoredAndALaterPageWins() async throws {
        let (store, account, folder) = try library()
        let storer = ItemStorer(store: store, accountID: account.id, queueLimit: 2)
        for start in stride(from: 0, to: 600, by: 50) {
            try await storer.add(page(start..<start + 50))
        }
        // The first page's items again, now read: stored after them, so read they stay.
        try await storer.add { () throws(SyncError) in self.page(0..<50, read: true) }
        let result = try await storer.finish()
        #expect(result.added == 600)
        #expect(try store.count(.all) == 600)
        #expect(try store.count(.unread) == 550, "the later page's state was applied last")
        _ = folder
    }

    @Test func aSyncFarAheadWaitsForTheStoring() async throws {
        let (store, account, folder) = try library()
        let storer = ItemStorer(store: store, accountID: account.id, queueLimit: 2)
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        try await storer.add { () throws(SyncError) in
            started.signal()
            gate.wait()
            return self.page(0..<10)
        }
        await withCheckedContinuation { done in DispatchQueue.global().async { started.wait(); done.resume() } }
        try await storer.add(page(10..<20))
        try await storer.add(page(20..<30))   // two queued behind the one being stored: the limit
        let added = Mutex(false)
        let third = Task {
            try await storer.add(self.page(30..<40))
            added.withLock { $0 = true }
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(!added.withLock { $0 }, "a third page was taken while two waited")
        gate.signal()
        try await third.value
        #expect(try await storer.finish().added == 40)
        #expect(try store.count(.all) == 40)
        _ = folder
    }

    @Test func theFirstFailureEndsTheStoringAndKeepsWhatCameBefore() async throws {
        let (store, account, folder) = try library()
        let storer = ItemStorer(store: store, accountID: account.id)
        try await storer.add(page(0..<50))
        _ = try await storer.finish()   // stored before the failure
        try await storer.add { () throws(SyncError) in
            throw .badResponse(server: "reader.example", call: "stream/items/contents", reason: "not JSON")
        }
        await #expect(throws: SyncError.self) { try await storer.finish() }
        await #expect(throws: SyncError.self, "a page after the failure is refused") { try await storer.add(self.page(50..<100)) }
        #expect(try store.count(.all) == 50)
        _ = folder
    }

    @Test func formBodiesEncodeEveryByteButUnreservedASCII() {
        let body = SyncHTTP.form([("quickadd", "https://example.org/feed?a=1&b=2"), ("t", "Café Müller ~_.-"), ("i", "1"), ("i", "2")])
        #expect(String(decoding: body, as: UTF8.self)
                == "quickadd=https%3A%2F%2Fexample.org%2Ffeed%3Fa%3D1%26b%3D2&t=Caf%C3%A9%20M%C3%BCller%20~_.-&i=1&i=2")
    }
}
