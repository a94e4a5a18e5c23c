import FeedParsing
import Foundation
import Library
import Localization

/// Syncing a Feedbin account (API v2; the sections of its reference named below).
///
/// - Subscriptions ("Subscriptions", "Taggings", "Icons"): a feed is known by its `feed_id`
///   (what entries name); its subscription id is what renaming and unsubscribing take. A feed's
///   first tagging is its folder (Feedbin allows several; Lectern shows one). Icons come from
///   Feedbin's own favicon service, matched by the host of the feed's `site_url`.
/// - States ("Unread Entries", "Starred Entries"): the lists of unread and starred ids are the
///   truth for stored articles, as with the Google Reader API.
/// - Entries ("Entries"): the first sync brings the window's entries (`since`, a creation time)
///   and every starred one not held (`ids`, 100 a call); later syncs ask for entries created
///   after the newest `created_at` seen, given back exactly as the server wrote it.
/// - Changes: `POST /v2/unread_entries[/delete].json` and `…/starred_entries[/delete].json`
///   (1 000 ids a call), `POST /v2/subscriptions.json` (a page's address is enough; 300 lists the
///   page's feeds, the first is taken), `POST /v2/subscriptions/{id}/update.json` (rename),
///   `DELETE /v2/subscriptions/{id}.json`, taggings added and deleted (move, no folder allowed),
///   `POST` and `DELETE /v2/tags.json` (a folder renamed, deleted: its feeds keep going, untagged).
struct FeedbinSync: AccountSyncer {
    let client: FeedbinClient
    let options: SyncOptions

    static let perPage = 100
    static let idsPerCall = 1000
    static let entriesPerIDsCall = 100

    var server: String { client.http.server }

    func verify() async throws(SyncError) { try await client.verify() }

    /// What the server says about the user's feeds: subscriptions by feed id, and taggings.
    struct Subscriptions {
        var rows: [[String: Any]] = []
        var taggings: [[String: Any]] = []

        func subscriptionID(feed: String) -> Int64? {
            rows.first { JSONReading.string($0["feed_id"]) == feed }.flatMap { JSONReading.int($0["id"]) }
        }

        func taggingIDs(feed: String) -> [Int64] {
            taggings.filter { JSONReading.string($0["feed_id"]) == feed }.compactMap { JSONReading.int($0["id"]) }
        }
    }

    func sync(_ account: Account, store: LibraryStore) async throws(SyncError) -> (SyncSummary, cursor: String?) {
        var summary = SyncSummary()
        var known = try await subscriptions()
        let taken = try await push(try stored { try store.pendingChanges(accountID: account.id) }, batchSize: Self.idsPerCall,
                                   store: store, summary: &summary) { batch throws(SyncError) in try await send(batch, known: known) }
        if taken.contains(where: { ![.read, .starred].contains($0.kind) }) { known = try await subscriptions() }
        let feeds = feeds(known, icons: await icons)
        let subscriptions = try stored { try store.applySubscriptions(feeds, folders: [], accountID: account.id) }
        summary.feedsAdded = subscriptions.added
        summary.feedsRemoved = subscriptions.removed

        let unread = try await ids("unread_entries")
        let starred = try await ids("starred_entries")
        let states = (unread: Set(unread), starred: Set(starred))
        let windowStart = Date().addingTimeInterval(-Double(options.windowDays) * 86400)
        let since = account.cursor ?? ISO8601DateFormatter().string(from: windowStart)
        var newest: String?   // the newest created_at, as the server wrote it
        let storer = ItemStorer(store: store, accountID: account.id)
        var response: SyncResponse? = try await client.send("GET", "entries", query: [("since", since), ("per_page", String(Self.perPage))],
                                                            name: "entries")
        while let page = response {
            let rows = try entries(page)
            newest = (rows.compactMap { JSONReading.text($0["created_at"]) } + [newest].compactMap { $0 }).max()
            let items = rows.compactMap { Self.item(from: $0, states: states) }
            try await storer.add(items)
            response = rows.isEmpty ? nil : try await client.next(after: page, name: "entries")
        }
        summary.add(try await storer.finish())
        let missing = try stored { try store.missingRemoteItems(accountID: account.id, among: starred) }
        for start in stride(from: 0, to: missing.count, by: Self.entriesPerIDsCall) {
            let chunk = missing[start..<min(missing.count, start + Self.entriesPerIDsCall)].joined(separator: ",")
            let rows = try entries(try await client.send("GET", "entries", query: [("ids", chunk)], name: "entries"))
            summary.add(try stored { try store.saveRemoteItems(rows.compactMap { Self.item(from: $0, states: states) },
                                                               accountID: account.id) })
        }
        summary.stateChanges += try stored { try store.applyRemoteStates(accountID: account.id, unread: unread, starred: starred) }
        summary.statesChecked = true
        return (summary, newest ?? account.cursor)
    }

    // MARK: Reading

    private func subscriptions() async throws(SyncError) -> Subscriptions {
        guard let rows = try await client.call("GET", "subscriptions", name: "subscriptions") as? [[String: Any]],
              let taggings = try await client.call("GET", "taggings", name: "taggings") as? [[String: Any]] else {
            throw .badResponse(server: server, call: "subscriptions", reason: tr("no list of feeds"))
        }
        return Subscriptions(rows: rows, taggings: taggings)
    }

    /// Feedbin's favicons by host; none when it will not say (icons are not worth a failed sync).
    private var icons: [String: String] {
        get async {
            let rows = (try? await client.call("GET", "icons", name: "icons")) as? [[String: Any]] ?? []
            var icons: [String: String] = [:]
            for row in rows {
                if let host = JSONReading.text(row["host"])?.lowercased(), let url = JSONReading.text(row["url"]) { icons[host] = url }
            }
            return icons
        }
    }

    private func feeds(_ known: Subscriptions, icons: [String: String]) -> [RemoteFeed] {
        known.rows.compactMap { row in
            guard let feed = JSONReading.string(row["feed_id"]), let url = JSONReading.text(row["feed_url"]) else { return nil }
            let tag = known.taggings.filter { JSONReading.string($0["feed_id"]) == feed }
                .min { (JSONReading.int($0["id"]) ?? 0) < (JSONReading.int($1["id"]) ?? 0) }.flatMap { JSONReading.text($0["name"]) }
            let site = JSONReading.text(row["site_url"])
            return RemoteFeed(remoteID: feed, url: url, title: JSONReading.text(row["title"]), siteURL: site,
                              folder: tag.map { RemoteFolder(remoteID: $0, title: $0) },
                              iconURL: site.flatMap { URL(string: $0)?.host?.lowercased() }.flatMap { icons[$0] })
        }
    }

    private func ids(_ list: String) async throws(SyncError) -> [String] {
        guard let ids = try await client.call("GET", list, name: list) as? [Any] else {
            throw .badResponse(server: server, call: list, reason: tr("no list of entries"))
        }
        return ids.compactMap { JSONReading.int($0).map(String.init) }
    }

    /// The entries of a page; a page past the end (404) has none.
    private func entries(_ response: SyncResponse) throws(SyncError) -> [[String: Any]] {
        if response.status == 404 { return [] }
        guard let rows = try client.json(client.checked(response, call: "entries"), call: "entries") as? [[String: Any]] else {
            throw .badResponse(server: server, call: "entries", reason: tr("no list of entries"))
        }
        return rows
    }

    static func item(from row: [String: Any], states: (unread: Set<String>, starred: Set<String>)) -> RemoteItem? {
        guard let id = JSONReading.int(row["id"]).map(String.init), let feed = JSONReading.string(row["feed_id"]) else { return nil }
        return RemoteItem(remoteID: id, feedRemoteID: feed, title: JSONReading.text(row["title"]), link: JSONReading.text(row["url"]),
                          author: JSONReading.text(row["author"]), published: JSONReading.text(row["published"]).flatMap(FeedDateParser.parse),
                          html: JSONReading.string(row["content"]) ?? JSONReading.string(row["summary"]),
                          read: !states.unread.contains(id), starred: states.starred.contains(id))
    }
}

// MARK: Sending

extension FeedbinSync {
    private func send(_ batch: [SyncChange], known: Subscriptions) async throws(SyncError) {
        guard let change = batch.first else { return }
        let on = change.value == "1"
        switch change.kind {
        case .read, .starred:
            let list = change.kind == .read ? "unread_entries" : "starred_entries"
            // Marking read removes from the unread list; unstarring from the starred one.
            let remove = change.kind == .read ? on : !on
            try await client.call("POST", remove ? "\(list)/delete" : list, body: [list: batch.compactMap { Int64($0.target) }], name: list)
        case .subscribe:
            let feed = try await subscribe(change.target)
            if let name = change.value { try await client.call("POST", "taggings", body: ["feed_id": feed, "name": name], name: "taggings") }
        case .unsubscribe:
            try await client.call("DELETE", "subscriptions/\(try subscription(change.target, in: known))", name: "delete subscription")
        case .rename:
            try await client.call("POST", "subscriptions/\(try subscription(change.target, in: known))/update", body: ["title": change.value ?? ""],
                                  name: "rename subscription")
        case .move:
            for tagging in known.taggingIDs(feed: change.target) {
                try await client.call("DELETE", "taggings/\(tagging)", name: "delete tagging")
            }
            if let name = change.value, let feed = Int64(change.target) {
                try await client.call("POST", "taggings", body: ["feed_id": feed, "name": name], name: "taggings")
            }
        case .renameFolder:
            try await client.call("POST", "tags", body: ["old_name": change.target, "new_name": change.value ?? ""], name: "rename tag")
        case .deleteFolder:
            try await client.call("DELETE", "tags", body: ["name": change.target], name: "delete tag")
        case .addLabel, .removeLabel, .renameLabel, .deleteLabel:
            throw noLabels(server: server)
        }
    }

    private func subscription(_ feed: String, in known: Subscriptions) throws(SyncError) -> Int64 {
        guard let id = known.subscriptionID(feed: feed) else {
            throw .refused(server: server, call: "subscription", reason: tr("the server no longer has this feed"))
        }
        return id
    }

    /// Subscribes to an address and returns the feed's id: 201 (new) or 302 (already there) give
    /// the subscription; 300 lists the feeds a page offers, and the first is taken.
    private func subscribe(_ address: String) async throws(SyncError) -> Int64 {
        let call = tr("subscribing to {feed}", ["feed": address])
        var answer = try await client.send("POST", "subscriptions", body: ["feed_url": address], name: call)
        if answer.status == 300 {
            guard let first = (JSONReading.parse(answer.body) as? [[String: Any]])?.lazy.compactMap({ JSONReading.text($0["feed_url"]) }).first else {
                throw .refused(server: server, call: call, reason: tr("the server found no feed there"))
            }
            answer = try await client.send("POST", "subscriptions", body: ["feed_url": first], name: call)
        }
        if answer.status == 404 { throw .refused(server: server, call: call, reason: tr("the server found no feed there")) }
        guard let row = try client.json(client.checked(answer, call: call), call: call) as? [String: Any],
              let feed = JSONReading.int(row["feed_id"]) else {
            throw .badResponse(server: server, call: call, reason: tr("no feed in the answer"))
        }
        return feed
    }
}
