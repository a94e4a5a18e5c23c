import Foundation
import Library
import Localization
import Synchronization

/// The door to sync: adding an account (its credentials checked against the server first),
/// listing and removing accounts, and syncing them, one sync at a time per account. GTK-free;
/// the command line and the window share it.
public final class AccountService: Sendable {
    public let store: LibraryStore
    public let options: SyncOptions
    private let secrets: any SecretStore
    private let running = Mutex<Set<Int64>>([])
    /// Each account's client, kept between syncs so its tokens are reused (in memory only).
    private let syncers = Mutex<[Int64: any AccountSyncer]>([:])

    public init(store: LibraryStore, secrets: any SecretStore = SecretServiceStore(), options: SyncOptions) {
        self.store = store
        self.secrets = secrets
        self.options = options
    }

    /// The server address as Lectern keeps it: trimmed, `https://` when no scheme is given,
    /// no trailing slash.
    public static func normalizedServer(_ address: String) -> String {
        var text = address.trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.contains("://") { text = "https://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Checks the credentials with the server, then keeps the password in the keyring and
    /// the account in the library. Nothing is kept when any step fails. An empty `server` is a
    /// hosted service's own address (Feedbin's).
    public func addAccount(kind: Account.Kind, server: String, user: String, password: String) async throws(SyncError) -> Account {
        let given = server.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = Self.normalizedServer(given.isEmpty ? SyncProtocol.of(kind).fixedServer ?? given : given)
        let user = user.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !user.isEmpty else { throw .invalidServer(address: server, reason: tr("a user name is needed")) }
        let existing = try accounts()
        if let same = existing.first(where: { $0.kind == kind && $0.server == server && $0.userName == user }) {
            throw .duplicateAccount(title: same.title)
        }
        try await syncer(kind: kind, server: server, user: user, password: password).verify()
        let key = SecretKey(kind: kind, server: server, user: user)
        try secrets.store(password: password, for: key)
        do {
            return try store.addAccount(kind: kind, server: server, userName: user)
        } catch {
            try? secrets.remove(for: key)
            throw .storage(error.description)
        }
    }

    /// Signs the account in again with a new password (after the server refused the old one):
    /// checked with the server first, then kept in the keyring in place of the old one.
    public func signIn(_ account: Account, password: String) async throws(SyncError) {
        try await syncer(kind: account.kind, server: account.server, user: account.userName, password: password).verify()
        try secrets.store(password: password, for: SecretKey(account))
        _ = syncers.withLock { $0.removeValue(forKey: account.id) }
    }

    public func accounts() throws(SyncError) -> [Account] {
        do {
            return try store.accounts()
        } catch {
            throw .storage(error.description)
        }
    }

    /// Removes the account, what it brought into the library, and its password.
    public func removeAccount(_ id: Int64) throws(SyncError) {
        guard let account = try accounts().first(where: { $0.id == id }) else { throw .noSuchAccount(id: id) }
        do {
            try store.removeAccount(id)
        } catch {
            throw .storage(error.description)
        }
        try secrets.remove(for: SecretKey(account))
        _ = syncers.withLock { $0.removeValue(forKey: id) }
    }

    /// The account's client: the one kept from its last sync, or a new one with its password.
    private func syncer(for account: Account) throws(SyncError) -> any AccountSyncer {
        if let kept = syncers.withLock({ $0[account.id] }) { return kept }
        guard let password = try secrets.password(for: SecretKey(account)) else { throw .noPassword(account: account.title) }
        let made = try syncer(kind: account.kind, server: account.server, user: account.userName, password: password)
        syncers.withLock { $0[account.id] = made }
        return made
    }

    /// Syncs one account and records the outcome on it (its time, or its error in words). What it
    /// brings meets the user's rules, as a refresh's articles do (what they change goes back to
    /// the server at the next sync). Their search text is written after, in the background. A
    /// second sync of an account already syncing waits for nothing: it says so at once.
    public func sync(_ account: Account) async -> Result<SyncSummary, SyncError> {
        guard running.withLock({ $0.insert(account.id).inserted }) else {
            // Translators: in "{server} refused a sync (one is already running for this account)".
            return .failure(.refused(server: account.server, call: tr("a sync"), reason: tr("one is already running for this account")))
        }
        defer { _ = running.withLock { $0.remove(account.id) } }
        let newestBefore = try? store.latestArticleID()
        let result: Result<(SyncSummary, cursor: String?), SyncError>
        do throws(SyncError) {
            result = .success(try await syncer(for: account).sync(account, store: store))
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let (summary, cursor)):
            try? store.recordSync(accountID: account.id, error: nil, cursor: cursor)
            if let newestBefore, summary.newArticles > 0 { _ = try? store.applyRules(toArticlesAfter: newestBefore) }
            store.indexInBackground()
            return .success(summary)
        case .failure(let error):
            try? store.recordSync(accountID: account.id, error: error.description, cursor: nil)
            return .failure(error)
        }
    }

    /// Asks the server of the account feed `feedID` belongs to to fetch it now, then syncs the
    /// account, so what the server found is in the library when this returns. Only where the
    /// protocol can (`SyncProtocol.refreshesFeeds`); a local feed is refreshed by Lectern itself.
    public func refreshOnServer(feedID: Int64) async -> Result<SyncSummary, SyncError> {
        do throws(SyncError) {
            let remote: (accountID: Int64, remoteID: String)?
            let found: Account?
            do {
                remote = try store.remoteFeed(id: feedID)
                found = try remote.flatMap { try store.account(id: $0.accountID) }
            } catch {
                throw .storage("\(error)")
            }
            // A local feed has no account (Lectern refreshes it itself); an account gone meanwhile, neither.
            guard let remote, let account = found else { throw .noSuchAccount(id: remote?.accountID ?? 0) }
            guard let refreshing = try syncer(for: account) as? FeedRefreshing else {
                // Translators: in "{server} refused refreshing a feed (its API cannot …); the change was dropped."
                throw .refused(server: account.server, call: tr("refreshing a feed"), reason: tr("its API cannot ask for one feed now"))
            }
            try await refreshing.refreshFeed(remote.remoteID)
            return await sync(account)
        } catch {
            return .failure(error)
        }
    }

    /// What syncing every account did, in plain words.
    public struct Report: Sendable {
        /// Each account that failed, and why.
        public var failures: [String] = []
        /// Each change a server refused (dropped, not retried).
        public var notices: [String] = []
    }

    /// Syncs every account in turn, saying what happens through `say`.
    public func syncAll(say: @Sendable (String) -> Void) async -> Report {
        var report = Report()
        let accounts: [Account]
        do {
            accounts = try self.accounts()
        } catch {
            say(tr("Could not read the accounts: {error}", ["error": error.description]))
            report.failures.append("\(error)")
            return report
        }
        for (index, account) in accounts.enumerated() {
            // Translators: a sync's progress, e.g. "[1/2] Syncing alice on example.org (Tiny Tiny RSS)…".
            say(tr("[{done}/{total}] Syncing {account} ({kind})…", ["done": index + 1, "total": accounts.count,
                                                                  "account": account.title, "kind": account.kind.displayName]))
            switch await sync(account) {
            case .success(let summary):
                // Translators: a sync's progress, e.g. "[1/2] alice on example.org: 3 new articles".
                say(tr("[{done}/{total}] {account}: {summary}", ["done": index + 1, "total": accounts.count,
                                                                "account": account.title, "summary": Self.describe(summary)]))
                for notice in summary.dropped { say("  \(notice)") }
                report.notices += summary.dropped.map { "\(account.title): \($0)" }
            case .failure(let error):
                report.failures.append("\(account.title): \(error)")
                say(tr("[{done}/{total}] {account} failed: {error}", ["done": index + 1, "total": accounts.count,
                                                                     "account": account.title, "error": error.description]))
            }
        }
        return report
    }

    public static func describe(_ summary: SyncSummary) -> String {
        var parts = [tr("{count} new article", plural: "{count} new articles", count: summary.newArticles)]
        if summary.stateChanges > 0 {
            // Translators: articles whose read or starred state the server changed.
            parts.append(tr("{count} state change", plural: "{count} state changes", count: summary.stateChanges))
        }
        if summary.sent > 0 { parts.append(tr("{count} change sent", plural: "{count} changes sent", count: summary.sent)) }
        if summary.feedsAdded > 0 { parts.append(tr("{count} feed added", plural: "{count} feeds added", count: summary.feedsAdded)) }
        if summary.feedsRemoved > 0 { parts.append(tr("{count} feed removed", plural: "{count} feeds removed", count: summary.feedsRemoved)) }
        if !summary.dropped.isEmpty {
            parts.append(tr("{count} change refused", plural: "{count} changes refused", count: summary.dropped.count))
        }
        return parts.joined(separator: ", ")
    }

    private func syncer(kind: Account.Kind, server: String, user: String, password: String) throws(SyncError) -> any AccountSyncer {
        try SyncProtocol.of(kind).makeSyncer(server, user, password, SyncHTTP(server: Account.host(of: server), settings: options.http), options)
    }
}
