import Foundation
import Library
import Localization

/// Syncing a Nextcloud News account (API v1-3, or v1-4 where the server lists it; the sections of
/// their reference named below).
///
/// - Subscriptions: `GET /folders` and `GET /feeds` ("Folders", "Feeds"); a feed with no folder
///   has `folderId` null (0 before News 15). News keeps no icons of its own (`faviconLink` is the
///   origin site's), so an account's feeds go without rather than asking that site.
/// - Items ("Items"): the first sync pages every item newest first (`type=3`, `offset` — v1-4:
///   `offsetId` — = the lowest id seen, strictly below) until the window's start (older ones are not kept), and
///   every starred one (`type=2`);
///   later syncs ask `GET /items/updated?lastModified=` for what changed since the newest
///   `lastModified` seen (new items and read/star changes; inclusive, so the last second comes
///   again and is taken once). Deletions are never reported by the server.
/// - Changes: `POST /items/{read,unread,star,unstar}/multiple` with `itemIds`, `POST /feeds`
///   (the server finds a page's feed), `POST /feeds/{id}/rename`, `POST /feeds/{id}/move`
///   (`folderId` null for no folder), `DELETE /feeds/{id}`, `POST /folders` for a folder it lacks,
///   `PUT` and `DELETE /folders/{id}` (a folder renamed, deleted: its feeds moved out first, as
///   the server would delete them with it).
struct NextcloudNewsSync: AccountSyncer {
    let client: NextcloudNewsClient
    let options: SyncOptions

    static let pageSize = 200
    static let idsPerCall = 1000

    var server: String { client.http.server }

    func verify() async throws(SyncError) { try await client.verify() }

    /// The newest `lastModified` the server gave (seconds, the server's clock), once a first sync is done.
    struct Cursor {
        var lastModified: Int64

        init?(_ text: String?) {
            guard let value = text.flatMap({ Int64($0) }) else { return nil }
            lastModified = value
        }
    }

    func sync(_ account: Account, store: LibraryStore) async throws(SyncError) -> (SyncSummary, cursor: String?) {
        var summary = SyncSummary()
        var folders = try await self.folders()
        try await push(try stored { try store.pendingChanges(accountID: account.id) }, batchSize: Self.idsPerCall,
                       store: store, summary: &summary) { batch throws(SyncError) in try await send(batch, folders: &folders) }

        let feeds = try await self.feeds(folders: folders)
        let subscriptions = try stored {
            try store.applySubscriptions(feeds, folders: folders.map { RemoteFolder(remoteID: String($0.key), title: $0.value) }, accountID: account.id)
        }
        summary.feedsAdded = subscriptions.added
        summary.feedsRemoved = subscriptions.removed

        let windowStart = Date().addingTimeInterval(-Double(options.windowDays) * 86400)
        var newest: Int64
        if let cursor = Cursor(account.cursor) {
            let answer = try await client.call("GET", "items/updated", query: [("lastModified", String(cursor.lastModified)), ("type", "3"), ("id", "0")],
                                               name: "items/updated")
            let rows = try items(in: answer, call: "items/updated")
            newest = max(cursor.lastModified, rows.compactMap { JSONReading.int($0["lastModified"]) }.max() ?? 0)
            let held = try stored { try store.heldRemoteItems(accountID: account.id) }
            let items = kept(rows.compactMap(Self.item(from:)), held: held, since: windowStart)
            summary.add(try stored { try store.saveRemoteItems(items, accountID: account.id) })
        } else {
            newest = try await page([("type", "3"), ("id", "0"), ("getRead", "true")], until: windowStart, account: account, store: store, summary: &summary)
            newest = max(newest, try await page([("type", "2"), ("id", "0"), ("getRead", "true")], until: nil, account: account, store: store, summary: &summary))
        }
        return (summary, String(newest))
    }

    // MARK: Reading

    private func folders() async throws(SyncError) -> [Int64: String] {
        guard let rows = (try await client.call("GET", "folders", name: "folders") as? [String: Any])?["folders"] as? [[String: Any]] else {
            throw .badResponse(server: server, call: "folders", reason: tr("no list of folders"))
        }
        var names: [Int64: String] = [:]
        for row in rows {
            if let id = JSONReading.int(row["id"]), let name = JSONReading.text(row["name"]) { names[id] = name }
        }
        return names
    }

    private func feeds(folders: [Int64: String]) async throws(SyncError) -> [RemoteFeed] {
        guard let rows = (try await client.call("GET", "feeds", name: "feeds") as? [String: Any])?["feeds"] as? [[String: Any]] else {
            throw .badResponse(server: server, call: "feeds", reason: tr("no list of feeds"))
        }
        return rows.compactMap { row in
            guard let id = JSONReading.int(row["id"]), let url = JSONReading.text(row["url"]) else { return nil }
            let folder = JSONReading.int(row["folderId"]).flatMap { id in folders[id].map { RemoteFolder(remoteID: String(id), title: $0) } }
            return RemoteFeed(remoteID: String(id), url: url, title: JSONReading.text(row["title"]), siteURL: JSONReading.text(row["link"]),
                              folder: folder)
        }
    }

    private func items(in answer: Any?, call: String) throws(SyncError) -> [[String: Any]] {
        guard let rows = (answer as? [String: Any])?["items"] as? [[String: Any]] else {
            throw .badResponse(server: server, call: call, reason: tr("no list of entries"))
        }
        return rows
    }

    /// Pages items newest first (each page stored while the next is asked for), until a page
    /// reaches `until` (a publish time) or the list ends. Returns the newest `lastModified` seen.
    private func page(_ query: [(String, String)], until: Date?, account: Account, store: LibraryStore,
                      summary: inout SyncSummary) async throws(SyncError) -> Int64 {
        var offset: Int64 = 0
        var newest: Int64 = 0
        let paging = try await client.spokenLevel().pagingParameter
        let storer = ItemStorer(store: store, accountID: account.id)
        while true {
            let answer = try await client.call("GET", "items", query: query + [("batchSize", String(Self.pageSize)), (paging, String(offset))],
                                               name: "items")
            let rows = try items(in: answer, call: "items")
            let all = rows.compactMap(Self.item(from:))
            let items = until.map { kept(all, held: RemoteIDs(), since: $0) } ?? all
            newest = max(newest, rows.compactMap { JSONReading.int($0["lastModified"]) }.max() ?? 0)
            try await storer.add(items)
            guard let lowest = rows.compactMap({ JSONReading.int($0["id"]) }).min(), rows.count >= Self.pageSize, offset == 0 || lowest < offset else { break }
            if let until, all.contains(where: { ($0.published ?? .distantFuture) < until }) { break }
            offset = lowest
        }
        summary.add(try await storer.finish())
        return newest
    }

    static func item(from row: [String: Any]) -> RemoteItem? {
        guard let id = JSONReading.int(row["id"]), let feed = JSONReading.int(row["feedId"]) else { return nil }
        return RemoteItem(remoteID: String(id), feedRemoteID: String(feed), title: JSONReading.text(row["title"]),
                          link: JSONReading.text(row["url"]), author: JSONReading.text(row["author"]),
                          published: JSONReading.date(row["pubDate"]), html: JSONReading.string(row["body"]),
                          read: !(JSONReading.bool(row["unread"]) ?? true), starred: JSONReading.bool(row["starred"]) ?? false)
    }
}

// MARK: Sending

extension NextcloudNewsSync {
    private func send(_ batch: [SyncChange], folders: inout [Int64: String]) async throws(SyncError) {
        guard let change = batch.first else { return }
        let on = change.value == "1"
        switch change.kind {
        case .read, .starred:
            let verb = change.kind == .read ? (on ? "read" : "unread") : (on ? "star" : "unstar")
            try await client.call("POST", "items/\(verb)/multiple", body: ["itemIds": batch.compactMap { Int64($0.target) }], name: "items/\(verb)")
        case .subscribe:
            var body: [String: Any] = ["url": change.target, "folderId": NSNull()]
            if let name = change.value { body["folderId"] = try await folderID(name, in: &folders) }
            try await client.call("POST", "feeds", body: body, name: tr("subscribing to {feed}", ["feed": change.target]))
        case .unsubscribe:
            try await client.call("DELETE", "feeds/\(change.target)", name: "delete feed")
        case .rename:
            try await client.call("POST", "feeds/\(change.target)/rename", body: ["feedTitle": change.value ?? ""], name: "rename feed")
        case .move:
            var folder: Any = NSNull()   // no folder
            if let name = change.value { folder = try await folderID(name, in: &folders) }
            try await client.call("POST", "feeds/\(change.target)/move", body: ["folderId": folder], name: "move feed")
        case .renameFolder:
            try await client.call("PUT", "folders/\(change.target)", body: ["name": change.value ?? ""], name: "rename folder")
            if let id = Int64(change.target) { folders[id] = change.value }
        case .deleteFolder:
            // Deleting a folder deletes its feeds and their items on the server: they leave it first.
            let feeds = (try await client.call("GET", "feeds", name: "feeds") as? [String: Any])?["feeds"] as? [[String: Any]] ?? []
            for feed in feeds where JSONReading.string(feed["folderId"]) == change.target {
                guard let id = JSONReading.int(feed["id"]) else { continue }
                try await client.call("POST", "feeds/\(id)/move", body: ["folderId": NSNull()], name: "move feed")
            }
            try await client.call("DELETE", "folders/\(change.target)", name: "delete folder")
            folders[Int64(change.target) ?? 0] = nil
        case .addLabel, .removeLabel, .renameLabel, .deleteLabel:
            throw noLabels(server: server)
        }
    }

    /// The id of the folder named `name` (compared without case), made on the server when it has none.
    private func folderID(_ name: String, in folders: inout [Int64: String]) async throws(SyncError) -> Int64 {
        if let id = folders.first(where: { $0.value.lowercased() == name.lowercased() })?.key { return id }
        let made = try await client.call("POST", "folders", body: ["name": name], name: "new folder") as? [String: Any]
        guard let id = ((made?["folders"] as? [[String: Any]])?.first).flatMap({ JSONReading.int($0["id"]) }) else {
            throw .badResponse(server: server, call: "new folder", reason: tr("no id for the new folder"))
        }
        folders[id] = name
        return id
    }
}
