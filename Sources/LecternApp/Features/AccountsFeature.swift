import CGtk4
import Foundation
import GtkBridge
import Library
import Sync
import Localization

/// Sync accounts in the window: the one `AccountService` (each account's sync runs one at a
/// time and its client, with its tokens, is kept between syncs), the Add Account and Sign In
/// Again dialog (kept while it is open), removing an account, and `--sync` for a launch.
/// Actions: `app.add-account`, `app.sign-in-account`, `app.remove-account`,
/// `app.refresh-on-server` (an account's feed fetched by its server now, where the API can).
@MainActor
final class AccountsFeature {
    private unowned let shell: AppShell
    private let library: LibraryOwner
    private var service: AccountService?
    /// Kept while it is open (its callbacks hold it weakly).
    private var dialog: AddAccountDialog?
    /// An account was added: its first sync brings its feeds (the refresh does it).
    var onAdded: (@MainActor () -> Void)?

    init(shell: AppShell, library: LibraryOwner) {
        self.shell = shell
        self.library = library
        let map = shell.actionMap
        Actions.add("add-account", to: map) { [unowned self] in
            self.shell.activate()
            showAddAccount()
        }
        Actions.add("sign-in-account", to: map, string: { [unowned self] target in
            // Translators: what failed, in "Lectern could not {action}." (StoreAccess), and so below.
            guard let id = Int64(target), let account = self.library.access?.read(tr("find the account"), fallback: nil, { try $0.account(id: id) })
            else { return }
            showAddAccount(signingIn: account)
        })
        Actions.add("remove-account", to: map, string: { [unowned self] target in removeAccount(target) })
        Actions.add("refresh-on-server", to: map, string: { [unowned self] target in refreshOnServer(target) })
    }

    /// The sync accounts' service over the library, with the user's sync settings (made again
    /// when they change).
    func service(for library: LibraryService) -> AccountService {
        let options = AccountCommands.syncOptions(windowDays: shell.settings.syncWindowDays)
        if let service, service.store === library.store, service.options.windowDays == options.windowDays {
            return service
        }
        let made = AccountService(store: library.store, options: options)
        service = made
        return made
    }

    /// The accounts, for the Add Feed popover and Preferences.
    func list() -> [Account] {
        library.access?.read(tr("read your sync accounts"), fallback: []) { try $0.accounts() } ?? []
    }

    /// The Add Account dialog (or, for `existing`, Sign In Again with a new password); the
    /// account is synced at once.
    func showAddAccount(signingIn existing: Account? = nil) {
        guard let libraryService = library.service else { return }
        let accounts = service(for: libraryService)
        let dialog = AddAccountDialog(parent: shell.mainWindow?.window, signingIn: existing, add: { kind, server, user, password, answer in
            Task { @MainActor in
                do throws(SyncError) {
                    if let existing {
                        try await accounts.signIn(existing, password: password)
                        answer(.success(existing))
                    } else {
                        answer(.success(try await accounts.addAccount(kind: kind, server: server, user: user, password: password)))
                    }
                } catch {
                    answer(.failure(error))
                }
            }
        }, done: { [weak self] _ in
            guard let self else { return }
            shell.libraryDidChange()
            onAdded?()
        })
        self.dialog = dialog
        dialog.present()
    }

    private func removeAccount(_ target: String) {
        guard let id = Int64(target), let libraryService = library.service,
              let account = library.access?.read(tr("find the account"), fallback: nil, { try $0.account(id: id) }) else { return }
        let detail = tr("Its feeds and articles leave this computer and its password leaves the keyring. Everything stays on the server; changes not yet sent are lost.")
        Prompts.confirm(parent: shell.mainWindow?.window, message: tr("Remove the account “{account}”?", ["account": account.title]),
                        detail: detail, accept: tr("Remove")) { [unowned self] in
            let accounts = service(for: libraryService)
            Task { @MainActor [weak self] in
                // The keyring answers over D-Bus: not on the main thread.
                let failure = await Task.detached { () -> String? in
                    do throws(SyncError) { try accounts.removeAccount(id); return nil } catch { return error.description }
                }.value
                if let failure { self?.shell.notify(tr("The account could not be removed: {error}", ["error": failure])) }
                self?.shell.libraryDidChange()
            }
        }
    }

    /// Asks the server of an account's feed (`target`, its id) to fetch it now, then syncs the
    /// account, as Sync Now does; a refusal is said in the server's words.
    private func refreshOnServer(_ target: String) {
        guard let id = Int64(target), let libraryService = library.service,
              let feed = library.access?.read(tr("find the feed"), fallback: nil, { try $0.feed(id: id) }) else { return }
        let accounts = service(for: libraryService)
        Task { @MainActor [weak self] in
            let result = await accounts.refreshOnServer(feedID: id)
            if case .failure(let error) = result {
                // Translators: {feed} is the feed's title; {error} says why, in the server's words where it gave them.
                self?.shell.mainWindow?.showNotice(tr("“{feed}” could not be refreshed on its server: {error}",
                                                      ["feed": feed.displayTitle, "error": error.description]))
            }
            self?.shell.libraryDidChange()
        }
    }

    /// `--sync` in the running instance: every account, each step printed to the launching
    /// terminal; the launcher exits 1 if an account failed.
    func syncForLaunch(_ caller: ApplicationCommandLine) {
        library.withLibrary { [weak self] libraryService in
            guard let self, let libraryService else {
                caller.printError(tr("lectern: the library could not be opened"))
                return caller.setExitStatus(1)
            }
            let accounts = service(for: libraryService)
            Task { @MainActor [weak self] in
                let failures = await accounts.syncAll { line in Task { @MainActor in caller.printError(line) } }.failures
                for failure in failures { caller.printError("  - \(failure)") }
                caller.setExitStatus(failures.isEmpty ? 0 : 1)
                self?.shell.libraryDidChange()
            }
        }
    }

    /// Sends a change the user made to an account's subscriptions, folders or labels (renamed,
    /// moved, unsubscribed, deleted) now, by syncing each account that has one queued, as
    /// Sync Now does; read and starred states wait for the next sync. A server out of reach
    /// keeps the change queued, and the account's row shows why.
    func sendSubscriptionChanges() {
        guard let libraryService = library.service, let access = library.access else { return }
        // Most edits are to this computer's feeds: the accounts are read only when one has a change waiting.
        let waiting = access.read(tr("read your sync accounts"), fallback: []) { store -> [Account] in
            let ids = Set(try store.accountsWithQueuedSubscriptionChanges())
            return ids.isEmpty ? [] : try store.accounts().filter { ids.contains($0.id) }
        }
        guard !waiting.isEmpty else { return }
        let accounts = service(for: libraryService)
        Task { @MainActor [weak self] in
            for account in waiting { _ = await accounts.sync(account) }
            self?.shell.libraryDidChange()
        }
    }

    /// Subscribes in an account: queued for its server, then synced at once; the server's
    /// refusal is told to `done`. A server out of reach gets the change at the next sync.
    func subscribe(_ address: String, in account: Account,
                   done: @escaping @MainActor (Result<[DiscoveredFeed], AddFeedFailure>) -> Void) {
        guard let libraryService = library.service,
              library.access?.write(tr("queue the subscription"), { try $0.queueChange(accountID: account.id, kind: .subscribe, target: address, value: nil) }) == true
        else { return done(.failure(AddFeedFailure(message: tr("The library is not available.")))) }
        let accounts = service(for: libraryService)
        Task { @MainActor [weak self] in
            switch await accounts.sync(account) {
            case .success(let summary):
                if let refusal = summary.dropped.first { done(.failure(AddFeedFailure(message: refusal))) } else { done(.success([])) }
            case .failure(let error):
                // Translators: {error} says why the account's server could not be reached.
                let message = tr("{error} The subscription is sent at the next sync.", ["error": String(describing: error)])
                done(.failure(AddFeedFailure(message: message)))
            }
            self?.shell.libraryDidChange()
        }
    }
}
