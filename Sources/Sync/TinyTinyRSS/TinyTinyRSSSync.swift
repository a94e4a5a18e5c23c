import Foundation
import Library
import Localization

/// Syncing a Tiny Tiny RSS account.
///
/// - Two calls at a time at most, in one session: tt-rss behind php-fpm or Apache answers them
///   side by side (`CallInFlight`, `prefetched`).
/// - Subscriptions: `getCategories` and `getFeeds` (all feeds, no virtual ones), side by side when
///   there is nothing to send first; a feed with `has_icon` has the icon tt-rss fetched,
///   `<getConfig's icons_url>/<id>.ico` on its site.
/// - Articles: the first sync pages every article newest first until the window's start, and
///   every starred one; later syncs ask only for ids above the newest seen (`since_id`). Once
///   the first page is full, the next are asked for while one is read (`prefetched`).
/// - States: the lists of unread and of starred ids (`getHeadlines` without content) are the
///   truth for stored articles; a starred article not stored is fetched (`getArticle`). A
///   feed's list is read when `getCounters` (beside a later sync's first page) shows its count
///   moved beyond what this sync sent and brought; every list hourly.
/// - Labels: `getLabels` (a label's id is its virtual feed's, -1025 and below), then each label's
///   article ids (`getHeadlines` of that feed); a labelled article not stored is fetched.
/// - Changes: `updateArticle` (read, star), `setArticleLabel`, `subscribeToFeed`, `unsubscribeFeed`.
///   The API has no way to rename or move a feed, nor to make, rename or delete a label: such
///   changes are dropped with a notice.
/// - A feed fetched now: `updateFeed`, which tt-rss does before it answers (not in the background).
struct TinyTinyRSSSync: FeedRefreshing {
    let client: TinyTinyRSSClient
    let server: String
    let options: SyncOptions

    /// Virtual feeds of the API.
    private enum Virtual {
        static let starred = -1
        static let all = -4
        static let allFeedsExcludingVirtual = -3
        /// A label's virtual feed: -1025 for the first, counting down.
        static let firstLabel: Int64 = -1025
    }

    func verify() async throws(SyncError) {
        try await client.login()
        await client.logout()
    }

    func sync(_ account: Account, store: LibraryStore) async throws(SyncError) -> (SyncSummary, cursor: String?) {
        var summary = SyncSummary()
        var cursor = Cursor(account.cursor)
        let pending = try stored { try store.pendingChanges(accountID: account.id) }
        try await client.openSession()
        // With nothing to send first, the subscriptions are asked for beside the categories.
        let listingBeside = pending.isEmpty ? CallInFlight { () throws(SyncError) in try await feedListing() } : nil
        let categories = try await categories()
        // The server's labels, read before the push only when a label change needs their ids
        // (its API cannot make or rename one, so the list still holds after the push).
        let serverLabels = pending.contains { $0.kind == .addLabel || $0.kind == .removeLabel } ? try await labels() : nil
        let labelIDs = Dictionary((serverLabels ?? []).map { ($0.name.lowercased(), $0.remoteID) }) { first, _ in first }
        let sent = try await push(pending, batchSize: TinyTinyRSSClient.pageSize, store: store, summary: &summary) { batch throws(SyncError) in
            try await send(batch, categories: categories, labels: labelIDs)
        }
        // How the changes sent move each feed's unread count, and the starred count, on the server.
        var expected = cursor.unread ?? [:]
        var expectedStarred = cursor.starred ?? 0
        let feedOf = try stored { try store.feedsOfRemoteItems(accountID: account.id, sent.filter { $0.kind == .read }.map(\.target)) }
        for change in sent {
            if change.kind == .read, let feed = feedOf[change.target] { expected[feed, default: 0] += change.value == "1" ? -1 : 1 }
            if change.kind == .starred { expectedStarred += change.value == "1" ? 1 : -1 }
        }

        let listing: FeedListing
        if let listingBeside { listing = try await listingBeside.answer() } else { listing = try await feedListing() }
        let feeds = Self.feeds(listing, categories: categories)
        let subscriptions = try stored { try store.applySubscriptions(feeds, folders: Array(categories.values), accountID: account.id) }
        summary.feedsAdded = subscriptions.added
        summary.feedsRemoved = subscriptions.removed

        let first = cursor.since == 0
        let windowStart = Date().addingTimeInterval(-Double(options.windowDays) * 86400)
        var pages: [[String: Any]] = [["feed_id": Virtual.all, "view_mode": "all_articles",
                                        "order_by": first ? "feed_dates" : "date_reverse", "since_id": cursor.since]]
        if first { pages.append(["feed_id": Virtual.starred, "view_mode": "all_articles"]) }
        var newest = cursor.since
        // A later sync asks for the counts beside its first page of articles, and reads them
        // before asking for more pages (two calls at a time); a first sync, while its last pages
        // are stored.
        var countsBeside = first ? nil : CallInFlight { () throws(SyncError) in try await serverCounts() }
        var counted: Result<Counts?, SyncError>?
        // The next pages are asked for while one is read, and each is stored (by ItemStorer)
        // while the sync goes on.
        let storer = ItemStorer(store: store, accountID: account.id)
        for (index, query) in pages.enumerated() {
            let sent = SentJSON(value: query)
            try await prefetched { page throws(SyncError) in
                SentJSON(value: try await headlines(sent.value, skip: page * TinyTinyRSSClient.pageSize, content: true))
            } each: { answer throws(SyncError) in
                if let call = countsBeside {
                    countsBeside = nil
                    do throws(SyncError) { counted = .success(try await call.answer()) } catch { counted = .failure(error) }
                }
                let headlines = answer.value
                let items = headlines.compactMap(Self.item(from:))
                for item in items where index == 0 && (Int64(item.remoteID) ?? 0) > cursor.since {
                    if !item.read { expected[item.feedRemoteID, default: 0] += 1 }
                    if item.starred { expectedStarred += 1 }
                    newest = max(newest, Int64(item.remoteID) ?? 0)
                }
                try await storer.add(items)
                let reachedWindow = first && index == 0 && items.contains { ($0.published ?? .distantFuture) < windowStart }
                return headlines.count == TinyTinyRSSClient.pageSize && !reachedWindow
            }
        }
        // The ids of unread and starred articles are the truth for held articles, but listing
        // them costs tt-rss about a millisecond an article. The first sync has every state with
        // its articles. Later, a feed's unread ids are read only when its unread count on the
        // server moved beyond what this sync sent and brought (a change made elsewhere), the
        // starred ids when the starred count did, and every list at least hourly.
        if counted == nil {
            do throws(SyncError) { counted = .success(try await serverCounts()) } catch { counted = .failure(error) }
        }
        summary.add(try await storer.finish())
        let counts = try counted?.get() ?? nil
        cursor.since = newest

        let due = cursor.reconciledAt.map { Date().timeIntervalSince($0) > Self.reconcileEvery } ?? true
        if !first, let counts, cursor.unread != nil, !due {
            let moved = Set(counts.unread.keys).union(expected.keys).filter { counts.unread[$0, default: 0] != expected[$0, default: 0] }
            for feed in moved.sorted() where feeds.contains(where: { $0.remoteID == feed }) {
                let unread = try await ids(["feed_id": Int64(feed) ?? 0, "view_mode": "unread"])
                summary.stateChanges += try stored { try store.applyRemoteStates(accountID: account.id, unread: unread, starred: nil, feeds: [feed]) }
                summary.statesChecked = true
            }
            if counts.starred != expectedStarred {
                try await reconcileStarred(account: account, store: store, summary: &summary)
            }
        } else if !first {
            let unread = try await ids(["feed_id": Virtual.all, "view_mode": "unread"])
            summary.stateChanges += try stored { try store.applyRemoteStates(accountID: account.id, unread: unread, starred: nil) }
            try await reconcileStarred(account: account, store: store, summary: &summary)
            cursor.reconciledAt = Date()
        } else {
            cursor.reconciledAt = Date()
        }
        var labelled: [RemoteLabel] = []
        let known: [RemoteLabel]
        if let serverLabels {
            known = serverLabels
        } else if counts?.labels == 0 {
            known = []   // the counters list every label: the user has none (most do), and no call is needed to say so
        } else {
            known = try await labels()
        }
        for var label in known {
            label.items = try await ids(["feed_id": Int64(label.remoteID) ?? 0, "view_mode": "all_articles"])
            labelled.append(label)
        }
        try await fetchMissing(labelled.flatMap(\.items), account: account, store: store, summary: &summary)
        summary.stateChanges += try stored { try store.applyRemoteLabels(labelled, accountID: account.id) }
        cursor.unread = counts?.unread
        cursor.starred = counts?.starred
        await client.logout()
        return (summary, cursor.text)
    }

    /// The session stays open: the sync that follows (`AccountService.refreshOnServer`) uses it
    /// and logs out at its end, rather than logging out here and in again there.
    func refreshFeed(_ feedRemoteID: String) async throws(SyncError) {
        guard let id = Int64(feedRemoteID) else { throw malformed("updateFeed") }
        _ = try await client.call("updateFeed", ["feed_id": id])
    }

    /// The starred ids: articles starred elsewhere that are not held are fetched, and every held
    /// article takes its starred state from the list.
    private func reconcileStarred(account: Account, store: LibraryStore, summary: inout SyncSummary) async throws(SyncError) {
        let starred = try await ids(["feed_id": Virtual.starred, "view_mode": "all_articles"])
        try await fetchMissing(starred, account: account, store: store, summary: &summary)
        summary.stateChanges += try stored { try store.applyRemoteStates(accountID: account.id, unread: nil, starred: starred) }
        summary.statesChecked = true
    }

    /// Fetches and stores those of `ids` the account does not hold (`getArticle`, a page at a time).
    private func fetchMissing(_ ids: [String], account: Account, store: LibraryStore, summary: inout SyncSummary) async throws(SyncError) {
        let missing = try stored { try store.missingRemoteItems(accountID: account.id, among: ids) }
        for start in stride(from: 0, to: missing.count, by: TinyTinyRSSClient.pageSize) {
            let chunk = missing[start..<min(missing.count, start + TinyTinyRSSClient.pageSize)]
            let articles = try await client.call("getArticle", ["article_id": chunk.joined(separator: ",")]) as? [[String: Any]] ?? []
            summary.add(try stored { try store.saveRemoteItems(articles.compactMap(Self.item(from:)), accountID: account.id) })
        }
    }

    /// The longest the id lists go unread when the counts say nothing changed.
    static let reconcileEvery: TimeInterval = 3600

    /// What the account keeps between syncs: the newest article id seen (`since_id`), the
    /// server's unread count per feed and starred count at the end of the last sync, and when
    /// every id list was last read.
    struct Cursor: Codable {
        var since: Int64 = 0
        var unread: [String: Int]?
        var starred: Int?
        var reconciledAt: Date?

        init(_ text: String?) {
            if let text, let data = text.data(using: .utf8), let cursor = try? JSONDecoder().decode(Cursor.self, from: data) {
                self = cursor
            } else {
                since = text.flatMap { Int64($0) } ?? 0   // the first form: the id alone
            }
        }

        var text: String? {
            (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Each feed's unread count (by server id), the starred count, and how many labels the user has.
    private typealias Counts = (unread: [String: Int], starred: Int, labels: Int)

    /// From `getCounters`: tt-rss lists every label among its counters (`Counters::getLabelCounters`, a virtual feed id at
    /// or below -1025), used or not, whatever `output_mode` asks.
    private func serverCounts() async throws(SyncError) -> Counts? {
        guard let rows = try await client.call("getCounters", ["output_mode": "f"]) as? [[String: Any]] else { return nil }
        var unread: [String: Int] = [:]
        var starred: Int?
        var labels = 0
        for row in rows where row["kind"] == nil {
            guard let id = JSONReading.int(row["id"]) else { continue }
            if id > 0 {
                unread[String(id)] = Int(JSONReading.int(row["counter"]) ?? 0)
            } else if id == Int64(Virtual.starred) {
                starred = JSONReading.int(row["auxcounter"]).map(Int.init)
            } else if id <= Virtual.firstLabel {
                labels += 1
            }
        }
        return starred.map { (unread, $0, labels) }
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

    /// `getFeeds`' rows, and where the feeds' icons are (tt-rss fetched them: `<icons>/<id>.ico`,
    /// under getConfig's `icons_url`).
    private struct FeedListing: @unchecked Sendable {
        let rows: [[String: Any]]
        let icons: String?
    }

    private func feedListing() async throws(SyncError) -> FeedListing {
        let answer = try await client.call("getFeeds", ["cat_id": Virtual.allFeedsExcludingVirtual])
        guard let rows = answer as? [[String: Any]] else { throw malformed("getFeeds") }
        var icons: String?
        if rows.contains(where: { JSONReading.bool($0["has_icon"]) == true }),
           let config = try await client.call("getConfig") as? [String: Any], let folder = JSONReading.text(config["icons_url"]) {
            icons = client.address(folder.hasSuffix("/") ? folder : folder + "/")
        }
        return FeedListing(rows: rows, icons: icons)
    }

    private static func feeds(_ listing: FeedListing, categories: [Int64: RemoteFolder]) -> [RemoteFeed] {
        let icons = listing.icons
        return listing.rows.compactMap { row in
            guard let id = JSONReading.int(row["id"]), id > 0, let url = JSONReading.text(row["feed_url"]) else { return nil }
            let icon = JSONReading.bool(row["has_icon"]) == true ? icons.map { "\($0)\(id).ico" } : nil
            return RemoteFeed(remoteID: String(id), url: url, title: JSONReading.text(row["title"]),
                              siteURL: JSONReading.text(row["site_url"]),
                              folder: JSONReading.int(row["cat_id"]).flatMap { categories[$0] }, iconURL: icon)
        }
    }

    /// The user's labels (`getLabels`), their articles not yet read.
    private func labels() async throws(SyncError) -> [RemoteLabel] {
        guard let rows = try await client.call("getLabels") as? [[String: Any]] else { throw malformed("getLabels") }
        return rows.compactMap { row in
            guard let id = JSONReading.int(row["id"]), let name = JSONReading.text(row["caption"]) else { return nil }
            return RemoteLabel(remoteID: String(id), name: name, items: [])
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
        .badResponse(server: server, call: call, reason: tr("not the list the API promises"))
    }

    // MARK: Sending

    /// `labels`: the server's label ids by name (lowercased), when the batch may need them.
    private func send(_ batch: [SyncChange], categories: [Int64: RemoteFolder], labels: [String: String]) async throws(SyncError) {
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
                // Translators: names a change the server refused; {feed} is the feed's address.
                throw .refused(server: server, call: tr("subscribing to {feed}", ["feed": change.target]), reason: Self.subscribeFailure(code))
            }
        case .unsubscribe:
            _ = try await client.call("unsubscribeFeed", ["feed_id": Int64(change.target) ?? 0])
        case .addLabel, .removeLabel:
            let name = change.value ?? ""
            guard let label = labels[name.lowercased()].flatMap({ Int64($0) }) else {
                throw .refused(server: server, call: tr("labelling an article"),
                               reason: tr("the server has no label called {name}", ["name": name]))
            }
            _ = try await client.call("setArticleLabel", ["article_ids": batch.map(\.target).joined(separator: ","),
                                                          "label_id": label, "assign": change.kind == .addLabel])
        case .rename, .move, .renameFolder, .deleteFolder, .renameLabel, .deleteLabel:
            let call = switch change.kind {
            case .rename: tr("renaming a feed")
            case .move: tr("moving a feed")
            case .renameFolder: tr("renaming a folder")
            case .renameLabel: tr("renaming a label")
            case .deleteLabel: tr("deleting a label")
            default: tr("deleting a folder")
            }
            throw .refused(server: server, call: call, reason: tr("Tiny Tiny RSS's API cannot do that; do it in its web interface"))
        }
    }

    private static func subscribeFailure(_ code: Int64?) -> String {
        switch code {
        case 2: tr("not a valid address")
        case 3: tr("no feed found there")
        case 4: tr("the page offers several feeds; subscribe to one of them")
        case 5: tr("the server could not download it")
        // Translators: {code} is the error number Tiny Tiny RSS gave.
        default: tr("code {code}", ["code": code.map(String.init) ?? tr(context: "error code", "none")])
        }
    }
}
