import Foundation
import Library
import Localization

/// Syncing a Google Reader API account (FreshRSS, Miniflux, The Old Reader…), the way the servers
/// advise: lists of ids decide, contents are fetched only for ids not held.
///
/// - Subscriptions: `subscription/list` (a feed's first label is its folder, its `iconUrl` its
///   icon: FreshRSS serves the favicons it fetched) and `tag/list` (`type: folder` a folder,
///   `type: tag` a label on articles: FreshRSS's and Inoreader's spelling).
/// - Labels: every id of each label's stream; a labelled item is fetched wherever it is.
/// - Ids: every unread id and every starred id (their states are the truth for stored
///   articles, applied as soon as both are in, while the rest comes), and the ids of the reading
///   list since the window's start (the first sync) or a day before the last sync. FreshRSS
///   compares `ot` with arrival time, Miniflux with the publish date: the day's overlap covers
///   both, and held ids are not fetched again.
/// - Contents: `stream/items/contents`, 150 ids a call, long-form ids; two calls in flight, the
///   answers read and stored on `ItemStorer`'s worker.
/// - Changes: `edit-tag` (1 000 ids a call; a label on or off too, which makes it on the server),
///   `subscription/quickadd` (subscribe; a page's address is enough), `subscription/edit`
///   (unsubscribe, rename, move), `rename-tag` and `disable-tag` (a folder or label renamed, deleted).
struct GoogleReaderSync: AccountSyncer {
    let client: GoogleReaderClient
    let options: SyncOptions

    static let readingList = "user/-/state/com.google/reading-list"
    static let readTag = "user/-/state/com.google/read"
    static let starredTag = "user/-/state/com.google/starred"
    static let labelPrefix = "user/-/label/"

    var server: String { client.http.server }

    func verify() async throws(SyncError) {
        try await client.login()
        _ = try await client.get("user-info")
    }

    func sync(_ account: Account, store: LibraryStore) async throws(SyncError) -> (SyncSummary, cursor: String?) {
        var summary = SyncSummary()
        try await push(try stored { try store.pendingChanges(accountID: account.id) }, batchSize: 1000, store: store, summary: &summary) {
            batch throws(SyncError) in try await send(batch)
        }

        // The stored states are read while the subscriptions come (sign-in included): once the
        // lists are in, only comparing and writing is left.
        let statesRead = storing { try store.storedStates(accountID: account.id) }
        let (feeds, folders, labels) = try await subscriptions()
        // Written, and the ids held read, while the first list comes.
        let subscriptionsApplied = storing { try store.applySubscriptions(feeds, folders: folders, accountID: account.id) }
        let held = storing(after: subscriptionsApplied) { _ in try store.heldRemoteItems(accountID: account.id) }

        // The id lists: starred, unread, the window's, each label's; two calls in flight after the
        // first, so the server works on one list while Lectern reads the one before. Each list is
        // put to use as it comes: once starred and unread are in, their states go to the articles
        // held (the missing ones come with their own); the ids not held are picked out of the
        // others, a labelled or starred item wherever it is. By the time the last list comes, what
        // is left to do is asking for the missing contents.
        let windowStart = Date().addingTimeInterval(-Double(options.windowDays) * 86400)
        let since = max(windowStart, account.lastSync.map { $0.addingTimeInterval(-86400) } ?? windowStart)
        let streams: [[(String, String)]] = [[("s", Self.starredTag)], [("s", Self.readingList), ("xt", Self.readTag)],
                                             [("s", Self.readingList), ("ot", String(Int(since.timeIntervalSince1970)))]]
            + (labels ?? []).map { [("s", $0.remoteID)] }
        var starred: [String] = []
        var labelled: [[String]] = []
        var missing: [[String]] = []   // of each list, in the order they came
        var states: Task<Int, any Error>?
        do {
            try await overlapped(streams.count) { index throws(SyncError) in try await ids(streams[index]) } each: { list throws(SyncError) in
                let index = missing.count
                if index == 0 { starred = list } else if index > 2 { labelled.append(list) }
                if index == 1 {
                    missing.append([])
                    states = storing(after: statesRead) { [starred] stored in
                        try store.applyRemoteStates(accountID: account.id, unread: list, starred: starred, stored: stored)
                    }
                } else {
                    let holding = try await stored(held)
                    missing.append(list.filter { !holding.contains($0) })
                }
            }
            let subscriptions = try await stored(subscriptionsApplied)
            summary.feedsAdded = subscriptions.added
            summary.feedsRemoved = subscriptions.removed
            // The window's first (newest first), then starred and labelled items from before it.
            var asked = Set<String>()
            let wanted = (missing[2] + missing[0] + missing.dropFirst(3).joined()).filter { asked.insert($0).inserted }
            summary.add(try await fetchContents(wanted, accountID: account.id, store: store))
            if let states { summary.stateChanges += try await stored(states) }
        } catch {
            // A failed sync returns with nothing of it still writing.
            _ = try? await states?.value
            _ = try? await subscriptionsApplied.value
            throw error
        }
        // A tag/list that failed this time leaves the labels as they are.
        let members = zip(labels ?? [], labelled).map { RemoteLabel(remoteID: $0.remoteID, name: $0.title, items: $1) }
        if labels != nil { summary.stateChanges += try stored { try store.applyRemoteLabels(members, accountID: account.id) } }
        summary.statesChecked = true
        return (summary, nil)
    }

    // MARK: Reading

    /// The feeds, the folders (empty ones too) and the labels on articles (nil when `tag/list` failed).
    private func subscriptions() async throws(SyncError) -> ([RemoteFeed], [RemoteFolder], labels: [RemoteFolder]?) {
        let list = try await client.get("subscription/list")
        guard let rows = list["subscriptions"] as? [[String: Any]] else {
            throw .badResponse(server: server, call: "subscription/list", reason: tr("no subscriptions list"))
        }
        let feeds = rows.compactMap { row -> RemoteFeed? in
            guard let id = JSONReading.text(row["id"]) else { return nil }
            let url = JSONReading.text(row["url"]) ?? (id.hasPrefix("feed/") ? String(id.dropFirst(5)) : id)
            let label = (row["categories"] as? [[String: Any]] ?? []).lazy
                .compactMap { Self.folder(JSONReading.text($0["id"]), label: JSONReading.text($0["label"])) }.first
            return RemoteFeed(remoteID: id, url: url, title: JSONReading.text(row["title"]),
                              siteURL: JSONReading.text(row["htmlUrl"]), folder: label,
                              iconURL: JSONReading.text(row["iconUrl"]).flatMap(client.absolute))
        }
        // tag/list names empty folders too; Miniflux and FreshRSS mark folders `type: folder`,
        // FreshRSS labels `type: tag`; an untyped label (older servers) is taken for a folder.
        var folders: [RemoteFolder] = []
        var labels: [RemoteFolder]?
        if let tags = try? await client.get("tag/list"), let rows = tags["tags"] as? [[String: Any]] {
            labels = []
            for row in rows {
                guard let tag = Self.folder(JSONReading.text(row["id"]), label: nil) else { continue }
                switch JSONReading.text(row["type"]) {
                case nil, "folder": folders.append(tag)
                case "tag": labels?.append(tag)
                default: break
                }
            }
        }
        return (feeds, folders, labels)
    }

    /// A label stream id (`user/<anyone>/label/Name`) as a folder; nil for states and others.
    static func folder(_ id: String?, label: String?) -> RemoteFolder? {
        guard let id = id.map(normalized), id.hasPrefix(labelPrefix) else { return nil }
        let name = label ?? String(id.dropFirst(labelPrefix.count))
        return name.isEmpty ? nil : RemoteFolder(remoteID: id, title: name)
    }

    /// `user/<anything>/…` as `user/-/…`: servers put the user's number where `-` stands.
    static func normalized(_ streamID: String) -> String {
        guard streamID.hasPrefix("user/"), !streamID.hasPrefix("user/-/"),
              let slash = streamID.dropFirst(5).firstIndex(of: "/") else { return streamID }
        return "user/-" + streamID[slash...]
    }

    /// Every id of a stream, following continuations, 10 000 a page.
    private func ids(_ query: [(String, String)]) async throws(SyncError) -> [String] {
        var ids: [String] = []
        var continuation: String?
        repeat {
            var parameters = query + [("n", "10000")]
            if let continuation { parameters.append(("c", continuation)) }
            // Ten thousand refs a page, read for their ids only.
            let page = try await client.get("stream/items/ids", parameters, plucking: ("id", "itemRefs"))
            guard let refs = page["itemRefs"] as? [String] ?? (page["itemRefs"] == nil ? [] : nil) else {
                throw .badResponse(server: server, call: "stream/items/ids", reason: tr("itemRefs is not a list"))
            }
            let pageIDs = refs.compactMap(GoogleReaderItemID.fromRef)
            ids += pageIDs
            let next = JSONReading.text(page["continuation"])
            continuation = pageIDs.isEmpty || next == continuation ? nil : next
        } while continuation != nil
        return ids
    }

    /// The contents of `ids`, 150 a call, two calls in flight, each answer read and stored on
    /// `ItemStorer`'s worker while the next comes.
    private func fetchContents(_ ids: [String], accountID: Int64, store: LibraryStore) async throws(SyncError) -> IngestResult {
        let storer = ItemStorer(store: store, accountID: accountID)
        let chunks = stride(from: 0, to: ids.count, by: 150).map { Array(ids[$0..<min(ids.count, $0 + 150)]) }
        let client = client
        try await overlapped(chunks.count) { index throws(SyncError) in
            try await client.post("stream/items/contents", chunks[index].map { ("i", GoogleReaderItemID.longForm($0)) })
        } each: { response throws(SyncError) in
            try await storer.add { () throws(SyncError) in
                let answer = try client.json(response, call: "stream/items/contents")
                return (answer["items"] as? [[String: Any]] ?? []).compactMap(Self.item(from:))
            }
        }
        return try await storer.finish()
    }

    static func item(from row: [String: Any]) -> RemoteItem? {
        guard let id = JSONReading.string(row["id"]).flatMap(GoogleReaderItemID.fromItem),
              let origin = row["origin"] as? [String: Any], let feed = JSONReading.text(origin["streamId"]) else { return nil }
        // Ten thousand items come in a first sync: the lists are looked into as they came, not
        // converted (a cast to [[String: Any]] copies the whole list).
        var read = false, starred = false
        for category in row["categories"] as? [Any] ?? [] {
            guard let text = JSONReading.string(category) else { continue }
            let tag = normalized(text)
            if tag == readTag { read = true } else if tag == starredTag { starred = true }
        }
        let firstLink = { (key: String) in ((row[key] as? [Any])?.first as? [String: Any]).flatMap { JSONReading.text($0["href"]) } }
        let link = firstLink("canonical") ?? firstLink("alternate")
        let body = (row["content"] as? [String: Any]).flatMap { JSONReading.string($0["content"]) }
            ?? (row["summary"] as? [String: Any]).flatMap { JSONReading.string($0["content"]) }
        return RemoteItem(remoteID: id, feedRemoteID: feed, title: JSONReading.text(row["title"]), link: link,
                          author: JSONReading.text(row["author"]), published: JSONReading.date(row["published"]),
                          updated: JSONReading.date(row["updated"]), html: body,
                          read: read, starred: starred)
    }

    // MARK: Sending

    private func send(_ batch: [SyncChange]) async throws(SyncError) {
        guard let change = batch.first else { return }
        let folder = change.value.map { [("a", Self.labelPrefix + $0)] } ?? []
        switch change.kind {
        case .read, .starred:
            let tag = change.kind == .read ? Self.readTag : Self.starredTag
            try await client.post("edit-tag", batch.map { ("i", GoogleReaderItemID.longForm($0.target)) }
                                  + [(change.value == "1" ? "a" : "r", tag)])
        case .subscribe:
            // quickadd takes a page's address too (the server finds its feed); a failure is
            // still HTTP 200, with no result.
            let answer = try client.json(try await client.post("subscription/quickadd", [("quickadd", change.target)]),
                                         call: "subscription/quickadd")
            guard (JSONReading.int(answer["numResults"]) ?? 0) > 0, let stream = JSONReading.text(answer["streamId"]) else {
                throw .refused(server: server, call: tr("subscribing to {feed}", ["feed": change.target]),
                               reason: JSONReading.text(answer["error"]) ?? tr("the server found no feed there"))
            }
            if !folder.isEmpty { try await client.post("subscription/edit", [("ac", "edit"), ("s", stream)] + folder) }
        case .unsubscribe:
            try await client.post("subscription/edit", [("ac", "unsubscribe"), ("s", change.target)])
        case .rename:
            try await client.post("subscription/edit", [("ac", "edit"), ("s", change.target), ("t", change.value ?? "")])
        case .move:
            try await client.post("subscription/edit", [("ac", "edit"), ("s", change.target)] + folder)
        case .renameFolder:
            try await client.post("rename-tag", [("s", change.target), ("dest", Self.labelPrefix + (change.value ?? ""))])
        case .deleteFolder:
            // FreshRSS files the folder's feeds under its default category.
            try await client.post("disable-tag", [("s", change.target)])
        case .addLabel, .removeLabel:
            try await client.post("edit-tag", batch.map { ("i", GoogleReaderItemID.longForm($0.target)) }
                                  + [(change.kind == .addLabel ? "a" : "r", Self.labelPrefix + (change.value ?? ""))])
        case .renameLabel:
            try await client.post("rename-tag", [("s", Self.labelPrefix + change.target), ("dest", Self.labelPrefix + (change.value ?? ""))])
        case .deleteLabel:
            try await client.post("disable-tag", [("s", Self.labelPrefix + change.target)])
        }
    }
}
