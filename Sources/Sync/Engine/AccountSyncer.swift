import Foundation
import Library
import Localization

/// What one account's sync did.
public struct SyncSummary: Sendable, Equatable {
    /// Local changes the server took.
    public var sent = 0
    /// Local changes the server refused, in plain words; they are dropped, not retried.
    public var dropped: [String] = []
    public var feedsAdded = 0
    public var feedsRemoved = 0
    public var newArticles = 0
    public var updatedArticles = 0
    /// Stored articles whose read or starred state the server changed.
    public var stateChanges = 0
    /// Whether the server's whole lists of unread and starred articles were compared with the
    /// library (a Tiny Tiny RSS sync skips that when the server's counts show no change).
    public var statesChecked = false

    public init() {}

    /// Counts what storing a batch of articles did.
    mutating func add(_ result: IngestResult) {
        newArticles += result.added
        updatedArticles += result.updated
        stateChanges += result.stateChanges
    }

    /// The notice for a change the server refused: `call` done to `target`, or to `count` articles.
    static func refusal(call: String, target: String, count: Int, reason: String) -> String {
        // Translators: {call} names the change, e.g. "edit-tag" or "subscribing to https://example.org/feed".
        guard count > 1 else { return tr("{call} of {target} was refused ({reason})", ["call": call, "target": target, "reason": reason]) }
        return tr("{call} of {count} article was refused ({reason})", plural: "{call} of {count} articles was refused ({reason})",
                  count: count, ["call": call, "reason": reason])
    }
}

/// How much a sync takes.
public struct SyncOptions: Sendable {
    /// The first sync brings this many days of articles (starred ones always).
    public var windowDays = 30
    public var userAgent: String
    /// Seconds a server may take to answer one call.
    public var timeout: TimeInterval = 30
    /// The longest a sync waits on a busy server (429/503 with Retry-After) before giving up for now.
    public var maxWait: TimeInterval = 30

    public init(appVersion: String) {
        userAgent = "Lectern/\(appVersion) (+https://lectern.dev)"
    }

    var http: SyncHTTP.Settings { SyncHTTP.Settings(userAgent: userAgent, timeout: timeout, maxWait: maxWait) }
}

/// One protocol's sync: send the account's queued changes, then bring the server's
/// subscriptions, articles and states into the library.
protocol AccountSyncer: Sendable {
    /// Checks the credentials (a login), changing nothing.
    func verify() async throws(SyncError)
    /// Syncs; returns what happened and the protocol's new bookmark for the next sync.
    func sync(_ account: Account, store: LibraryStore) async throws(SyncError) -> (SyncSummary, cursor: String?)
}

/// A protocol's sync whose API can ask the server to fetch one feed now, rather than at the
/// server's own next turn (`SyncProtocol.refreshesFeeds` says which, without a client).
protocol FeedRefreshing: AccountSyncer {
    /// Asks the server to fetch the feed it knows as `feedRemoteID`; returns once it has.
    func refreshFeed(_ feedRemoteID: String) async throws(SyncError)
}

extension AccountSyncer {
    /// Sends queued changes in order through `send`, batching runs of one change to articles
    /// (read, starred, a label on or off, to the same value) up to `batchSize`. A change the server refuses is dropped
    /// with a notice, never retried forever; a failure to reach it stops here, keeping the rest.
    /// Returns the changes the server took.
    @discardableResult
    func push(_ changes: [SyncChange], batchSize: Int, store: LibraryStore, summary: inout SyncSummary,
              send: ([SyncChange]) async throws(SyncError) -> Void) async throws(SyncError) -> [SyncChange] {
        var taken: [SyncChange] = []
        var index = 0
        while index < changes.count {
            let change = changes[index]
            var batch = [change]
            if Self.batched.contains(change.kind) {
                while index + batch.count < changes.count, batch.count < batchSize,
                      changes[index + batch.count].kind == change.kind, changes[index + batch.count].value == change.value {
                    batch.append(changes[index + batch.count])
                }
            }
            do {
                try await send(batch)
                taken += batch
                summary.sent += batch.count
            } catch .refused(_, let call, let reason) {
                summary.dropped.append(SyncSummary.refusal(call: call, target: change.target, count: batch.count, reason: reason))
            }
            try stored { try store.removeChanges(batch.map(\.id)) }
            index += batch.count
        }
        return taken
    }

    static var batched: Set<SyncChange.Kind> { [.read, .starred, .addLabel, .removeLabel] }

    /// The refusal of a label change by a protocol whose API has no labels on articles (the
    /// window offers none; a change can only be left from an older queue).
    func noLabels(server: String) -> SyncError {
        .refused(server: server, call: tr("a label"), reason: tr("this server's API has no labels on articles"))
    }

    /// Of the items a later sync was given for their changes, those to keep: every one the account
    /// holds (`held`: its state or text may have moved), and the others when starred or published
    /// since `start` (the window's), as a first sync would have brought them.
    func kept(_ items: [RemoteItem], held: RemoteIDs, since start: Date) -> [RemoteItem] {
        items.filter { held.contains($0.remoteID) || $0.starred || ($0.published ?? .distantFuture) >= start }
    }

    /// Runs a library call, reporting its failure as a sync error.
    func stored<T>(_ body: () throws -> T) throws(SyncError) -> T {
        do {
            return try body()
        } catch {
            throw .storage("\(error)")
        }
    }
}

/// Where a sync's library calls run (`storing`, `ItemStorer`): a call waits for SQLite and the
/// disk, so on a thread of Dispatch's, never on one of the concurrency runtime's few (two on a
/// two-core machine), where it would hold up the sync reading its answers.
let storingThreads = DispatchQueue.global(qos: .userInitiated)

extension AccountSyncer {
    /// Starts a library call beside the requests (reads on a connection of their own, writes
    /// waiting only for the library's other writes); `stored(_:)` awaits it.
    func storing<T: Sendable>(_ body: @escaping @Sendable () throws -> T) -> Task<T, any Error> {
        Task.detached { try await onStoringThread(body) }
    }

    /// The same, once `first` has its value (which `body` is given).
    func storing<First: Sendable, T: Sendable>(after first: Task<First, any Error>,
                                               _ body: @escaping @Sendable (First) throws -> T) -> Task<T, any Error> {
        Task.detached {
            let value = try await first.value
            return try await onStoringThread { try body(value) }
        }
    }

    private func onStoringThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { done in
            storingThreads.async { done.resume(with: Result { try body() }) }
        }
    }

    /// The value of a library call started by `storing`, its failure a sync error.
    func stored<T>(_ call: Task<T, any Error>) async throws(SyncError) -> T {
        do {
            return try await call.value
        } catch {
            throw .storage("\(error)")
        }
    }
}
