import Foundation
import Library

/// Syncing a Tiny Tiny RSS account.
///
/// - Subscriptions: `getCategories` and `getFeeds` (all feeds, no virtual ones).
/// - Articles: the first sync pages every article newest first until the window's start, and
///   every starred one; later syncs ask only for ids above the newest seen (`since_id`).
/// - States: the lists of unread and of starred ids (`getHeadlines` without content) are the
///   truth for stored articles; a starred article not stored is fetched (`getArticle`).
/// - Changes: `updateArticle` (read, star), `subscribeToFeed`, `unsubscribeFeed`. The API has
///   no way to rename or move a feed: such changes are dropped with a notice.
struct TinyTinyRSSSync: AccountSyncer {
    let client: TinyTinyRSSClient
    let server: String
    let options: SyncOptions

    /// Virtual feeds of the API.
    private enum Virtual {
        static let starred = -1
        static let all = -4
        static let allFeedsExcludingVirtual = -3
    }

    func verify() async throws(SyncError) {
        try await client.login()
        await client.logout()
    }

    func sync(_ account: Account, store: LibraryStore) async throws(SyncError) -> (SyncSummary, cursor: String?) {
        var summary = SyncSummary()
        let categories = try await categories()
        try await push(try stored { try store.pendingChanges(accountID: account.id) }, categories: categories,
                       store: store, summary: &summary)

        let feeds = try await feeds(categories: categories)
        let subscriptions = try stored { try store.applySubscriptions(feeds, folders: Array(categories.values), accountID: account.id) }
        summary.feedsAdded = subscriptions.added
        summary.feedsRemoved = subscriptions.removed

        var newest = account.cursor.flatMap { Int64($0) } ?? 0
        let since = newest
        let windowStart = Date().addingTimeInterval(-Double(options.windowDays) * 86400)
        var pages: [[String: Any]] = [["feed_id": Virtual.all, "view_mode": "all_articles",
                                        "order_by": since > 0 ? "date_reverse" : "feed_dates", "since_id": since]]
        if since == 0 { pages.append(["feed_id": Virtual.starred, "view_mode": "all_articles"]) }
        for (index, query) in pages.enumerated() {
            var skip = 0
            while true {
                let headlines = try await headlines(query, skip: skip, content: true)
                let items = headlines.compactMap(Self.item(from:))
                newest = max(newest, items.compactMap { Int64($0.remoteID) }.max() ?? 0)
                let result = try stored { try store.saveRemoteItems(items, accountID: account.id) }
                summary.newArticles += result.added
                summary.updatedArticles += result.updated
                skip += headlines.count
                let reachedWindow = since == 0 && index == 0 && items.contains { ($0.published ?? .distantFuture) < windowStart }
                if headlines.count < TinyTinyRSSClient.pageSize || reachedWindow { break }
            }
        }

        let unread = try await ids(["feed_id": Virtual.all, "view_mode": "unread"])
        let starred = try await ids(["feed_id": Virtual.starred, "view_mode": "all_articles"])
        let missing = try stored { try store.missingRemoteItems(accountID: account.id, among: starred) }
        for start in stride(from: 0, to: missing.count, by: TinyTinyRSSClient.pageSize) {
            let chunk = missing[start..<min(missing.count, start + TinyTinyRSSClient.pageSize)]
            let articles = try await client.call("getArticle", ["article_id": chunk.joined(separator: ",")]) as? [[String: Any]] ?? []
            let result = try stored { try store.saveRemoteItems(articles.compactMap(Self.item(from:)), accountID: account.id) }
            summary.newArticles += result.added
        }
        summary.stateChanges = try stored { try store.applyRemoteStates(accountID: account.id, unread: unread, starred: starred) }
        await client.logout()
        return (summary, newest > 0 ? String(newest) : nil)
    }

    // MARK: Reading

    /// Categories by id (the special ones, at or below 0, are not folders).
    private func categories() async throws(SyncError) -> [Int64: RemoteFolder] {
        let answer = try await client.call("getCategories", ["include_empty": true])
        guard let rows = answer as? [[String: Any]] else { throw malformed("getCategories") }
        var folders: [Int64: RemoteFolder] = [:]
        for row in rows {
            guard let id = JSONReading.int(row["id"]), id > 0, let title = JSONReading.text(row["title"]) else { continue }
            folders[id] = RemoteFolder(remoteID: String(id), title: title)
        }
        return folders
    }

    private func feeds(categories: [Int64: RemoteFolder]) async throws(SyncError) -> [RemoteFeed] {
        let answer = try await client.call("getFeeds", ["cat_id": Virtual.allFeedsExcludingVirtual])
        guard let rows = answer as? [[String: Any]] else { throw malformed("getFeeds") }
        return rows.compactMap { row in
            guard let id = JSONReading.int(row["id"]), id > 0, let url = JSONReading.text(row["feed_url"]) else { return nil }
            return RemoteFeed(remoteID: String(id), url: url, title: JSONReading.text(row["title"]),
                              siteURL: JSONReading.text(row["site_url"]),
                              folder: JSONReading.int(row["cat_id"]).flatMap { categories[$0] })
        }
    }

    private func headlines(_ query: [String: Any], skip: Int, content: Bool) async throws(SyncError) -> [[String: Any]] {
        var parameters = query
        parameters["limit"] = TinyTinyRSSClient.pageSize
        parameters["skip"] = skip
        parameters["show_content"] = content
        parameters["show_excerpt"] = false
        let answer = try await client.call("getHeadlines", parameters)
        guard let rows = answer as? [[String: Any]] else { throw malformed("getHeadlines") }
        return rows
    }

    /// Every article id of a headline query, page by page.
    private func ids(_ query: [String: Any]) async throws(SyncError) -> [String] {
        var ids: [String] = []
        while true {
            let rows = try await headlines(query, skip: ids.count, content: false)
            ids += rows.compactMap { JSONReading.int($0["id"]).map(String.init) }
            if rows.count < TinyTinyRSSClient.pageSize { return ids }
        }
    }

    static func item(from row: [String: Any]) -> RemoteItem? {
        guard let id = JSONReading.int(row["id"]), let feed = JSONReading.int(row["feed_id"]) else { return nil }
        let updated = JSONReading.date(row["updated"])
        return RemoteItem(remoteID: String(id), feedRemoteID: String(feed), title: JSONReading.text(row["title"]),
                          link: JSONReading.text(row["link"]), author: JSONReading.text(row["author"]),
                          published: updated, updated: nil, html: JSONReading.string(row["content"]),
                          read: !(JSONReading.bool(row["unread"]) ?? true), starred: JSONReading.bool(row["marked"]) ?? false)
    }

    private func malformed(_ call: String) -> SyncError {
        .badResponse(server: server, call: call, reason: "not the list the API promises")
    }

    // MARK: Sending

    /// Sends queued changes in order, batching runs of the same state change. A change the
    /// server refuses is dropped with a notice; a failure to reach it stops here, keeping the rest.
    private func push(_ changes: [SyncChange], categories: [Int64: RemoteFolder], store: LibraryStore,
                      summary: inout SyncSummary) async throws(SyncError) {
        var index = 0
        while index < changes.count {
            let change = changes[index]
            var batch = [change]
            if change.kind == .read || change.kind == .starred {
                while index + batch.count < changes.count, batch.count < TinyTinyRSSClient.pageSize,
                      changes[index + batch.count].kind == change.kind, changes[index + batch.count].value == change.value {
                    batch.append(changes[index + batch.count])
                }
            }
            do {
                try await send(batch, categories: categories)
                summary.sent += batch.count
            } catch .refused(_, let call, let reason) {
                summary.dropped.append("\(call) of \(batch.count == 1 ? change.target : "\(batch.count) articles") was refused (\(reason))")
            }
            try stored { try store.removeChanges(batch.map(\.id)) }
            index += batch.count
        }
    }

    private func send(_ batch: [SyncChange], categories: [Int64: RemoteFolder]) async throws(SyncError) {
        guard let change = batch.first else { return }
        switch change.kind {
        case .read, .starred:
            let on = change.value == "1"
            // field 2 is "unread", field 0 "starred"; mode 0 clears, 1 sets.
            let (field, mode) = change.kind == .read ? (2, on ? 0 : 1) : (0, on ? 1 : 0)
            _ = try await client.call("updateArticle", ["article_ids": batch.map(\.target).joined(separator: ","),
                                                        "field": field, "mode": mode])
        case .subscribe:
            let category = categories.first { $0.value.title.caseInsensitiveCompare(change.value ?? "") == .orderedSame }?.key ?? 0
            let answer = try await client.call("subscribeToFeed", ["feed_url": change.target, "category_id": category])
            let code = JSONReading.int(((answer as? [String: Any])?["status"] as? [String: Any])?["code"])
            guard code == 0 || code == 1 else {
                throw .refused(server: server, call: "subscribing to \(change.target)", reason: Self.subscribeFailure(code))
            }
        case .unsubscribe:
            _ = try await client.call("unsubscribeFeed", ["feed_id": Int64(change.target) ?? 0])
        case .rename, .move:
            throw .refused(server: server, call: change.kind == .rename ? "renaming a feed" : "moving a feed",
                           reason: "Tiny Tiny RSS's API cannot do that; do it in its web interface")
        }
    }

    private static func subscribeFailure(_ code: Int64?) -> String {
        switch code {
        case 2: "not a valid address"
        case 3: "no feed found there"
        case 4: "the page offers several feeds; subscribe to one of them"
        case 5: "the server could not download it"
        default: "code \(code.map(String.init) ?? "none")"
        }
    }
}
