import FeedParsing
import Foundation
import Library
import Localization

/// Syncing a Miniflux account through its own API (the reference's sections named below).
///
/// - Subscriptions: `GET /v1/categories` (every category is a folder, empty ones too) and
///   `GET /v1/feeds` ("Feeds"); a feed's icon (`GET /v1/feeds/{id}/icon`, "Feed Icon") is
///   fetched once, when the feed has one (`icon.icon_id` > 0), and kept as a `data:` address;
///   one the server lists but cannot give is not asked for again while the app runs.
/// - Entries ("Get Entries"), always `order=id&direction=asc`, paged by `after_entry_id` (the
///   server's `total` is not needed): the first sync brings the window's entries (`after`, a
///   publish time) and every starred one; later syncs bring the entries above the newest id
///   seen, and those whose status or star changed since the last sync began (`changed_after`:
///   Miniflux moves `changed_at` on both, so no id lists are needed). Removed entries are not
///   kept.
/// - Changes: `PUT /v1/entries` (status, 1 000 ids a call); a star is set with `"starred"` in
///   that call where the server knows it, else by reading the entry and toggling its bookmark
///   (`PUT /v1/entries/{id}/bookmark` toggles); `POST /v1/discover` then `POST /v1/feeds`
///   (subscribe: a page's address is enough), `PUT /v1/feeds/{id}` (rename, move),
///   `DELETE /v1/feeds/{id}`, `POST /v1/categories` (a folder the server lacks), `PUT` and
///   `DELETE /v1/categories/{id}` (a folder renamed, deleted: its feeds moved out first).
struct MinifluxSync: FeedRefreshing {
    let client: MinifluxClient
    let options: SyncOptions

    static let pageSize = 250
    static let idsPerCall = 1000
    /// The largest icon kept, in bytes of its `data:` address.
    static let maxIconBytes = 64 * 1024

    var server: String { client.http.server }

    func verify() async throws(SyncError) { try await client.verify() }

    /// "Refresh Feed": `PUT /v1/feeds/{id}/refresh` fetches the feed before it answers (204); a
    /// feed the server cannot fetch is its 500 with `error_message`, a refusal in its words.
    func refreshFeed(_ feedRemoteID: String) async throws(SyncError) {
        try await client.call("PUT", "/v1/feeds/\(feedRemoteID)/refresh", name: tr("refreshing a feed"), patient: false)
    }

    /// The account's bookmark: the newest entry id seen, and when the last sync began.
    struct Cursor: Codable {
        var newest: Int64 = 0
        var began: Date?

        init(_ text: String?) {
            if let data = text?.data(using: .utf8), let cursor = try? JSONDecoder().decode(Cursor.self, from: data) { self = cursor }
        }

        init(newest: Int64, began: Date) {
            self.newest = newest
            self.began = began
        }

        var text: String? { (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } }
    }

    func sync(_ account: Account, store: LibraryStore) async throws(SyncError) -> (SyncSummary, cursor: String?) {
        let began = Date()
        var summary = SyncSummary()
        var categories = try await self.categories()
        try await push(try stored { try store.pendingChanges(accountID: account.id) }, batchSize: Self.idsPerCall,
                       store: store, summary: &summary) { batch throws(SyncError) in try await send(batch, categories: &categories) }

        let known = try stored { try store.accountFeeds(account.id) }
        let feeds = try await self.feeds(categories: categories, known: known)
        let subscriptions = try stored {
            try store.applySubscriptions(feeds, folders: categories.map { RemoteFolder(remoteID: String($0.key), title: $0.value) },
                                         accountID: account.id)
        }
        summary.feedsAdded = subscriptions.added
        summary.feedsRemoved = subscriptions.removed

        let cursor = Cursor(account.cursor)
        let windowStart = Date().addingTimeInterval(-Double(options.windowDays) * 86400)
        var newest = cursor.newest
        if let lastBegan = cursor.began {
            newest = try await save([], after: cursor.newest, windowStart: windowStart, account: account, store: store, summary: &summary)
            // A minute's overlap: a change made while the last sync ran is not missed. Entries
            // above the old newest were just brought: only the older ones are asked for.
            let since = String(Int(lastBegan.timeIntervalSince1970) - 60)
            _ = try await save([("changed_after", since), ("before_entry_id", String(cursor.newest + 1))], after: 0,
                               windowStart: windowStart, account: account, store: store, summary: &summary)
        } else {
            newest = try await save([("after", String(Int(windowStart.timeIntervalSince1970)))], after: 0, windowStart: nil,
                                    account: account, store: store, summary: &summary)
            newest = max(newest, try await save([("starred", "true")], after: 0, windowStart: nil, account: account, store: store, summary: &summary))
        }
        return (summary, Cursor(newest: newest, began: began).text)
    }

    // MARK: Reading

    /// Category titles by id.
    private func categories() async throws(SyncError) -> [Int64: String] {
        guard let rows = try await client.call("GET", "/v1/categories", name: "categories") as? [[String: Any]] else {
            throw .badResponse(server: server, call: "categories", reason: tr("no list of categories"))
        }
        var titles: [Int64: String] = [:]
        for row in rows {
            if let id = JSONReading.int(row["id"]), let title = JSONReading.text(row["title"]) { titles[id] = title }
        }
        return titles
    }

    private func feeds(categories: [Int64: String], known: [String: Feed]) async throws(SyncError) -> [RemoteFeed] {
        guard let rows = try await client.call("GET", "/v1/feeds", name: "feeds") as? [[String: Any]] else {
            throw .badResponse(server: server, call: "feeds", reason: tr("no list of feeds"))
        }
        var feeds: [RemoteFeed] = []
        for row in rows {
            guard let id = JSONReading.int(row["id"]), let url = JSONReading.text(row["feed_url"]) else { continue }
            let category = (row["category"] as? [String: Any]).flatMap { JSONReading.int($0["id"]) }
            var feed = RemoteFeed(remoteID: String(id), url: url, title: JSONReading.text(row["title"]),
                                  siteURL: JSONReading.text(row["site_url"]),
                                  folder: category.flatMap { id in categories[id].map { RemoteFolder(remoteID: String(id), title: $0) } })
            // Older servers send `"icon": null` for a feed without one, newer ones `icon_id: 0`.
            let iconID = (row["icon"] as? [String: Any]).flatMap { JSONReading.int($0["icon_id"]) } ?? 0
            feed.iconURL = known[feed.remoteID]?.iconURL
            if iconID > 0, feed.iconURL == nil, !client.missingIcons.withLock({ $0.contains(iconID) }) {
                feed.iconURL = await icon(feedID: id)
                if feed.iconURL == nil { client.missingIcons.withLock { _ = $0.insert(iconID) } }
            }
            feeds.append(feed)
        }
        return feeds
    }

    /// A feed's icon as a `data:` address; nil when the server has none to give ("Feed Icon":
    /// `data` is `<type>;base64,<bytes>`; a feed without one is a 404, or a 500 on some versions).
    private func icon(feedID: Int64) async -> String? {
        guard let answer = try? await client.call("GET", "/v1/feeds/\(feedID)/icon", name: "feed icon", patient: false) as? [String: Any],
              let data = JSONReading.text(answer["data"]), data.contains(";base64,"), data.hasPrefix("image/"),
              data.utf8.count <= Self.maxIconBytes else { return nil }
        return "data:" + data
    }

    /// One page of entries: those Lectern keeps, the highest id on it, and whether it was full.
    struct Page {
        var items: [RemoteItem]
        var last: Int64?
        var full: Bool
    }

    /// The page of entries matching `filters` after id `start`, in id order.
    private func page(_ filters: [(String, String)], after start: Int64) async throws(SyncError) -> Page {
        let query = filters + [("order", "id"), ("direction", "asc"), ("limit", String(Self.pageSize)), ("after_entry_id", String(start))]
        guard let answer = try await client.call("GET", "/v1/entries", query: query, name: "entries") as? [String: Any],
              let rows = answer["entries"] as? [[String: Any]] ?? (answer["entries"] is NSNull ? [] : nil) else {
            throw .badResponse(server: server, call: "entries", reason: tr("no list of entries"))
        }
        return Page(items: rows.compactMap(Self.item(from:)), last: rows.compactMap { JSONReading.int($0["id"]) }.max(),
                    full: rows.count >= Self.pageSize)
    }

    /// Stores every entry matching `filters` after id `after`; with `windowStart`, an entry not
    /// held is kept only when starred or published since then. Returns the newest id seen.
    private func save(_ filters: [(String, String)], after: Int64, windowStart: Date?,
                      account: Account, store: LibraryStore, summary: inout SyncSummary) async throws(SyncError) -> Int64 {
        var newest = after
        let storer = ItemStorer(store: store, accountID: account.id)
        // Read once: the pages are of different entries, so what one stores changes nothing here.
        var held = RemoteIDs()
        if windowStart != nil { held = try stored { try store.heldRemoteItems(accountID: account.id) } }
        while true {
            let page = try await page(filters, after: newest)
            let items = windowStart.map { kept(page.items, held: held, since: $0) } ?? page.items
            try await storer.add(items)
            // A page that ends where it began (a server ignoring after_entry_id) ends the paging too.
            guard let last = page.last, last > newest else { break }
            newest = last
            if !page.full { break }
        }
        summary.add(try await storer.finish())
        return newest
    }

    static func item(from row: [String: Any]) -> RemoteItem? {
        guard let id = JSONReading.int(row["id"]), let feed = JSONReading.int(row["feed_id"]),
              let status = JSONReading.text(row["status"]), status != "removed" else { return nil }
        return RemoteItem(remoteID: String(id), feedRemoteID: String(feed), title: JSONReading.text(row["title"]),
                          link: JSONReading.text(row["url"]), author: JSONReading.text(row["author"]),
                          published: JSONReading.text(row["published_at"]).flatMap(FeedDateParser.parse),
                          html: JSONReading.string(row["content"]), read: status == "read",
                          starred: JSONReading.bool(row["starred"]) ?? false)
    }
}

// MARK: Sending

extension MinifluxSync {
    private func send(_ batch: [SyncChange], categories: inout [Int64: String]) async throws(SyncError) {
        guard let change = batch.first else { return }
        switch change.kind {
        case .read:
            try await client.call("PUT", "/v1/entries", body: ["entry_ids": Self.ids(batch), "status": change.value == "1" ? "read" : "unread"],
                                  name: "entries status")
        case .starred:
            try await star(Self.ids(batch), change.value == "1")
        case .subscribe:
            var body: [String: Any] = ["feed_url": try await discovered(change.target)]
            if let title = change.value { body["category_id"] = try await categoryID(title, in: &categories) }
            try await client.call("POST", "/v1/feeds", body: body, name: tr("subscribing to {feed}", ["feed": change.target]), patient: false)
        case .unsubscribe:
            try await client.call("DELETE", "/v1/feeds/\(change.target)", name: "delete feed")
        case .rename:
            try await client.call("PUT", "/v1/feeds/\(change.target)", body: ["title": change.value ?? ""], name: "rename feed")
        case .move:
            guard let title = change.value else {
                throw .refused(server: server, call: "move feed", reason: tr("Miniflux keeps every feed in a category"))
            }
            let category = try await categoryID(title, in: &categories)
            try await client.call("PUT", "/v1/feeds/\(change.target)", body: ["category_id": category], name: "move feed")
        case .renameFolder:
            try await client.call("PUT", "/v1/categories/\(change.target)", body: ["title": change.value ?? ""], name: "rename category")
            if let id = Int64(change.target) { categories[id] = change.value }
        case .deleteFolder:
            try await deleteCategory(change.target, categories: &categories)
        case .addLabel, .removeLabel, .renameLabel, .deleteLabel:
            throw noLabels(server: server)
        }
    }

    private static func ids(_ batch: [SyncChange]) -> [Int64] { batch.compactMap { Int64($0.target) } }

    /// Deletes a category, its feeds first moved to the first other one (by title, as Miniflux
    /// files a feed given none): Miniflux keeps every feed in a category, and deleting one with
    /// feeds in it would delete them too.
    private func deleteCategory(_ target: String, categories: inout [Int64: String]) async throws(SyncError) {
        guard let id = Int64(target), let other = categories.filter({ $0.key != id })
            .min(by: { $0.value.lowercased() < $1.value.lowercased() })?.key else {
            throw .refused(server: server, call: "delete category", reason: tr("Miniflux keeps every feed in a category"))
        }
        let feeds = try await client.call("GET", "/v1/categories/\(id)/feeds", name: "category feeds") as? [[String: Any]] ?? []
        for feed in feeds.compactMap({ JSONReading.int($0["id"]) }) {
            try await client.call("PUT", "/v1/feeds/\(feed)", body: ["category_id": other], name: "move feed")
        }
        try await client.call("DELETE", "/v1/categories/\(id)", name: "delete category")
        categories[id] = nil
    }

    /// Stars or unstars entries. Servers since mid-2026 take `"starred"` in `PUT /v1/entries`;
    /// older ones refuse that call (400, no status), and there a bookmark is toggled where the
    /// entry's star differs.
    private func star(_ ids: [Int64], _ starred: Bool) async throws(SyncError) {
        do {
            try await client.call("PUT", "/v1/entries", body: ["entry_ids": ids, "starred": starred], name: "entries star")
            return
        } catch .refused {
            // Not known to this server: one entry at a time.
        }
        for id in ids {
            let entry = try await client.call("GET", "/v1/entries/\(id)", name: "entry") as? [String: Any]
            guard let entry, JSONReading.bool(entry["starred"]) != starred else { continue }
            try await client.call("PUT", "/v1/entries/\(id)/bookmark", name: "bookmark")
        }
    }

    /// The feed's address for a page or feed address (`POST /v1/discover`: a feed's own address
    /// comes back as it is; 404 when there is none).
    private func discovered(_ address: String) async throws(SyncError) -> String {
        let call = tr("subscribing to {feed}", ["feed": address])
        let found: Any?
        do {
            found = try await client.call("POST", "/v1/discover", body: ["url": address], name: call, patient: false)
        } catch .refused(let server, let call, let reason) where reason == "resource not found" {
            throw .refused(server: server, call: call, reason: tr("the server found no feed there"))
        }
        guard let feed = (found as? [[String: Any]])?.lazy.compactMap({ JSONReading.text($0["url"]) }).first else {
            throw .refused(server: server, call: call, reason: tr("the server found no feed there"))
        }
        return feed
    }

    /// The id of the category titled `title` (compared without case, as Miniflux does), made
    /// on the server when it has none.
    private func categoryID(_ title: String, in categories: inout [Int64: String]) async throws(SyncError) -> Int64 {
        if let id = categories.first(where: { $0.value.lowercased() == title.lowercased() })?.key { return id }
        let made = try await client.call("POST", "/v1/categories", body: ["title": title], name: "new category") as? [String: Any]
        guard let id = made.flatMap({ JSONReading.int($0["id"]) }) else {
            throw .badResponse(server: server, call: "new category", reason: tr("no id for the new category"))
        }
        categories[id] = title
        return id
    }
}
