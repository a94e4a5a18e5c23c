import Foundation
import GtkBridge
import Library
import Localization
import Sync

/// `--add-account`, `--sign-in`, `--add-feed --account`, `--list-accounts`, `--remove-account` and
/// `--batch --sync`: sync accounts
/// from the command line, in the launching process. Messages go to stderr (the list to
/// stdout); exit 0 on success, 1 when the work failed, 2 on a usage error.
@MainActor
enum AccountCommands {
    struct Request: Sendable, Equatable {
        var addKind: String?
        var server: String?
        var user: String?
        var passwordFromStdin = false
        var list = false
        var removeID: String?
        var signInID: String?
        /// `--add-feed URL --account ID`: the feeds to subscribe to on that account's server.
        var subscribeAccountID: String?
        var subscribeTo: [String] = []

        var isRequested: Bool { addKind != nil || list || removeID != nil || signInID != nil || subscribeAccountID != nil }
    }

    /// The sync settings of this launch (`Settings.syncWindowDays`).
    static var options = syncOptions(windowDays: 30)

    /// Does the account flags of `request`; nil when there are none.
    static func run(_ request: Request) -> Int32? {
        if let kind = request.addKind { return addAccount(kind: kind, request) }
        if request.list { return listAccounts() }
        if let id = request.removeID { return removeAccount(id) }
        if let id = request.signInID { return signIn(id, request) }
        if let id = request.subscribeAccountID { return subscribe(to: request.subscribeTo, inAccount: id) }
        return nil
    }

    private static func addAccount(kind name: String, _ request: Request) -> Int32 {
        guard let kind = Account.Kind(rawValue: name) else {
            let kinds = Account.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            // Translators: {kinds} lists the accepted words, such as "greader, ttrss, miniflux".
            return usage(tr("unknown account kind \"{kind}\"; use one of: {kinds}", ["kind": name, "kinds": kinds]))
        }
        // A hosted service (Feedbin) has its own address; --server then names one of one's own.
        guard let server = request.server.flatMap({ $0.isEmpty ? nil : $0 }) ?? SyncProtocol.of(kind).fixedServer else {
            return usage(tr("--add-account needs --server URL"))
        }
        guard let user = request.user, !user.isEmpty else { return usage(tr("--add-account needs --user NAME")) }
        guard request.passwordFromStdin else {
            return usage(tr("--add-account needs --password-stdin: the password is read from standard input, never from an argument"))
        }
        guard let password = readPassword() else { return usage(tr("no password on standard input")) }
        guard let service = openService() else { return 1 }
        let result = LocalCommands.wait(orElse: .failure(.cancelled)) { () async -> Result<Account, SyncError> in
            do throws(SyncError) {
                return .success(try await service.addAccount(kind: kind, server: server, user: user, password: password))
            } catch {
                return .failure(error)
            }
        }
        checkpoint(service)
        switch result {
        case .success(let account):
            // Translators: {id} is the account's number, {kind} the kind of server, e.g. "FreshRSS".
            LocalCommands.printError(tr("Added account {id}: {title} ({kind}). Sync it with lectern --sync.",
                                        ["id": String(account.id), "title": account.title, "kind": kind.displayName]))
            return 0
        case .failure(let error):
            LocalCommands.printError("lectern: " + tr("could not add the account: {error}", ["error": "\(error)"]))
            return 1
        }
    }

    private static func listAccounts() -> Int32 {
        guard let service = openService() else { return 1 }
        do throws(SyncError) {
            for account in try service.accounts() {
                var line = "\(account.id)\t\(account.kind.rawValue)\t\(account.server)\t\(account.userName)\t"
                line += account.lastSync.map { tr("synced {date}", ["date": LocaleFormats.shortDateAndTime($0)]) } ?? tr("never synced")
                if let error = account.lastError { line += "\t" + tr("last error: {error}", ["error": error]) }
                print(line)
            }
            return 0
        } catch {
            LocalCommands.printError("lectern: \(error)")
            return 1
        }
    }

    private static func removeAccount(_ text: String) -> Int32 {
        guard let id = Int64(text) else { return usage(tr("--remove-account needs the account's number, as --list-accounts prints it")) }
        guard let service = openService() else { return 1 }
        do throws(SyncError) {
            try service.removeAccount(id)
            checkpoint(service)
            LocalCommands.printError(tr("Removed account {id}.", ["id": String(id)]))
            return 0
        } catch {
            LocalCommands.printError("lectern: " + tr("could not remove account {id}: {error}", ["id": String(id), "error": "\(error)"]))
            return 1
        }
    }

    /// `--add-feed URL --account ID`: each address queued as a subscription of the account, then the
    /// account synced at once, so that its server subscribes and the feed comes back with its
    /// articles. A server out of reach gets the subscription at the next sync.
    private static func subscribe(to addresses: [String], inAccount text: String) -> Int32 {
        guard let id = Int64(text) else { return usage(tr("--account needs the account's number, as --list-accounts prints it")) }
        guard let service = openService(), let account = account(id, in: service) else { return 1 }
        do {
            for address in addresses {
                try service.store.queueChange(accountID: id, kind: .subscribe, target: address, value: nil)
            }
        } catch {
            LocalCommands.printError("lectern: \(error)")
            return 1
        }
        let result = LocalCommands.wait(orElse: .failure(.cancelled)) { await service.sync(account) }
        checkpoint(service)
        switch result {
        case .success(let summary) where summary.dropped.isEmpty:
            // Translators: {title} says whose account on which server; {summary} what the sync brought.
            LocalCommands.printError(tr("Subscribed in account {id} ({title}): {summary}",
                                        ["id": String(id), "title": account.title, "summary": AccountService.describe(summary)]))
            return 0
        case .success(let summary):
            summary.dropped.forEach { LocalCommands.printError("lectern: \($0)") }
            return 1
        case .failure(let error):
            LocalCommands.printError("lectern: " + tr("{error} The subscription is sent at the next sync.", ["error": "\(error)"]))
            return 1
        }
    }

    /// The account numbered `id`, or nil after saying there is none.
    private static func account(_ id: Int64, in service: AccountService) -> Account? {
        do throws(SyncError) {
            if let found = try service.accounts().first(where: { $0.id == id }) { return found }
            LocalCommands.printError("lectern: " + tr("there is no account {id}; --list-accounts prints them", ["id": String(id)]))
        } catch {
            LocalCommands.printError("lectern: \(error)")
        }
        return nil
    }

    /// `--sign-in ID --password-stdin`: the account's new password, checked with the server, then
    /// kept in the keyring in place of the old one (the account's stored articles stay as they are).
    private static func signIn(_ text: String, _ request: Request) -> Int32 {
        guard let id = Int64(text) else { return usage(tr("--sign-in needs the account's number, as --list-accounts prints it")) }
        guard request.passwordFromStdin else {
            return usage(tr("--sign-in needs --password-stdin: the password is read from standard input, never from an argument"))
        }
        guard let password = readPassword() else { return usage(tr("no password on standard input")) }
        guard let service = openService(), let account = account(id, in: service) else { return 1 }
        let result = LocalCommands.wait(orElse: .failure(.cancelled)) { () async -> Result<Void, SyncError> in
            do throws(SyncError) {
                try await service.signIn(account, password: password)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success:
            // Translators: {id} is the account's number, {title} says whose account on which server.
            LocalCommands.printError(tr("Signed in to account {id} again: {title}. Sync it with lectern --sync.",
                                        ["id": String(id), "title": account.title]))
            return 0
        case .failure(let error):
            LocalCommands.printError("lectern: " + tr("could not sign in to account {id}: {error}", ["id": String(id), "error": "\(error)"]))
            return 1
        }
    }

    /// `--batch --sync`: every account, progress on stderr, 1 when one failed.
    static func syncAll() -> Int32 {
        guard let service = openService() else { return 1 }
        let failures = LocalCommands.wait(orElse: [tr("the sync did not finish")]) { await service.syncAll { LocalCommands.printError($0) }.failures }
        checkpoint(service)
        guard !failures.isEmpty else { return 0 }
        LocalCommands.printError("lectern: " + tr("{count} account failed:", plural: "{count} accounts failed:", count: failures.count))
        failures.forEach { LocalCommands.printError("  - \($0)") }
        return 1
    }

    /// The password: standard input up to its end, without the line break that ends it.
    private static func readPassword() -> String? {
        var text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        if text.hasSuffix("\r") { text.removeLast() }
        return text.isEmpty ? nil : text
    }

    private static func openService() -> AccountService? {
        do {
            let store = try LibraryStore.open(path: DataLocations.libraryFile.path)
            return AccountService(store: store, options: options)
        } catch {
            LocalCommands.printError("lectern: " + tr("cannot open the library {path}: {error}",
                                                      ["path": DataLocations.libraryFile.path, "error": "\(error)"]))
            return nil
        }
    }

    /// The sync settings; `LECTERN_SYNC_TIMEOUT` (seconds) shortens the wait for a server in tests.
    static func syncOptions(windowDays: Int) -> SyncOptions {
        var options = SyncOptions(appVersion: LecternVersion.string)
        options.windowDays = windowDays
        if let timeout = ProcessInfo.processInfo.environment["LECTERN_SYNC_TIMEOUT"].flatMap(TimeInterval.init) {
            options.timeout = timeout
            options.maxWait = timeout
        }
        return options
    }

    private static func checkpoint(_ service: AccountService) {
        // The changes are safe in the write-ahead log either way; this folds them in.
        try? service.store.checkpoint()
    }

    private static func usage(_ message: String) -> Int32 {
        LocalCommands.printError("lectern: \(message)")
        return 2
    }
}
