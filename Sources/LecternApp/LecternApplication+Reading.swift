import CGtk4
import Foundation
import GtkBridge
import Library
import Sync
import Theming
import Localization

/// Reading commands as application actions: the keyboard, the menus and D-Bus
/// (`org.gtk.Actions`, used by the tests) all go through the same actions.
extension LecternApplication {
    func installReadingActions() {
        let map = UnsafeMutableRawPointer(application.pointer)
        let session: [(String, @MainActor (ReadingSession) -> Void)] = [
            ("next-article", { $0.nextArticle() }), ("previous-article", { $0.previousArticle() }),
            ("next-unread", { $0.nextUnread() }), ("toggle-read", { $0.toggleRead() }),
            ("toggle-star", { $0.toggleStar() }), ("open-in-browser", { $0.openInBrowser() }),
            ("search", { $0.focusSearch() }), ("mark-all-read", { $0.markAllRead() }),
            ("load-full-article", { $0.loadFullArticle() }),
        ]
        for (name, command) in session {
            Actions.add(name, to: map) { [unowned self] in
                if let reading = mainWindow?.session { command(reading) }
            }
        }
        Actions.add("refresh", to: map) { [unowned self] in refreshAll() }
        Actions.add("next-pane", to: map) { [unowned self] in mainWindow?.cyclePanes(backwards: false) }
        Actions.add("previous-pane", to: map) { [unowned self] in mainWindow?.cyclePanes(backwards: true) }
        Actions.add("cancel-refresh", to: map) { [unowned self] in refreshTask?.cancel() }
        Actions.add("add-feed", to: map) { [unowned self] in activate(); mainWindow?.addFeed.open() }
        Actions.add("import-opml", to: map) { [unowned self] in chooseOPML(export: false) }
        Actions.add("add-account", to: map) { [unowned self] in activate(); showAddAccount() }
        Actions.add("export-opml", to: map) { [unowned self] in chooseOPML(export: true) }
        Actions.add("try-samples", to: map) { [unowned self] in trySamples() }
        Actions.add("text-bigger", to: map) { [unowned self] in scaleText(by: 0.1) }
        Actions.add("text-smaller", to: map) { [unowned self] in scaleText(by: -0.1) }
        Actions.add("text-reset", to: map) { [unowned self] in settings.textScale = 1.0 }
        Actions.add("preferences", to: map) { [unowned self] in showPreferences() }
        Actions.add("shortcuts", to: map) { [unowned self] in ShortcutsWindow.present(parent: mainWindow?.window) }
        // Enabled only while the undo bar shows, so Ctrl+Z otherwise stays the text fields' own.
        let undo = Actions.add("undo", to: map) { [unowned self] in mainWindow?.undo() }
        g_simple_action_set_enabled(undo, 0)
        undoAction = undo
        let accelerators: [(String, [String])] = [
            ("app.search", ["<Control>f"]), ("app.text-bigger", ["<Control>plus", "<Control>equal", "<Control>KP_Add"]),
            ("app.text-smaller", ["<Control>minus", "<Control>KP_Subtract"]), ("app.text-reset", ["<Control>0"]),
            ("app.shortcuts", ["F1", "<Control>question"]), ("app.preferences", ["<Control>comma"]), ("app.mark-all-read", ["<Shift><Control>a"]),
            ("app.undo", ["<Control>z"]), ("app.next-pane", ["F6"]), ("app.previous-pane", ["<Shift>F6"]),
        ]
        for (action, keys) in accelerators { Actions.setAccelerators(keys, for: action, on: map) }
    }

    /// Wires a new main window: single-letter keys (only when no text field has the
    /// focus), Add Feed, and Enter on a row.
    /// Opens the article `id` in the window, selected in its feed (or in All); when it is in
    /// neither list's first pages, the list shows the search `text` (the words it was found by).
    func showArticle(id: Int64, orSearch text: String? = nil) {
        // Translators: what failed, in "Lectern could not {action}." (StoreAccess), and so below.
        guard let article = storeAccess?.read(tr("find the article"), fallback: nil, { try $0.article(id: id) }),
              let session = mainWindow?.session else { return }
        if session.show(articleID: id, inFeed: article.feedID) { return }
        if let text, !text.isEmpty { session.search(for: text, selecting: id) }
    }

    func connectReading(_ window: MainWindow) {
        ReadingKeys.attach(to: window.window) { [unowned self] action in
            g_action_group_activate_action(OpaquePointer(application.pointer), action, nil)
        }
        window.addFeed.onSubscribe = { [unowned self] address, account, done in
            if let account { subscribe(address, in: account, done: done) } else { subscribe(address, done: done) }
        }
        // Translators: what failed, in "Lectern could not {action}." (StoreAccess), and so below.
        window.addFeed.accounts = { [weak self] in self?.storeAccess?.read(tr("read your sync accounts"), fallback: []) { try $0.accounts() } ?? [] }
        window.onUndoAvailable = { [unowned self] available in
            if let undoAction { g_simple_action_set_enabled(undoAction, available ? 1 : 0) }
        }
    }

    /// Refreshes the feeds, then syncs the accounts. `automatic` (the timer) fetches only the
    /// feeds due by their own interval or the app's.
    func refreshAll(automatic: Bool = false) {
        guard refreshTask == nil, let service = libraryService else { return }
        let button = mainWindow?.refreshButton
        button?.setRunning(true)
        let total = storeAccess?.read(tr("count your subscriptions"), fallback: 0) { try $0.feeds().count } ?? 0
        button?.setProgress(done: 0, total: total)
        var request = LibraryRequest(refresh: true, retentionDays: settings.retentionDays)
        if automatic { request.automaticInterval = TimeInterval(settings.refreshIntervalMinutes * 60) }
        let watch = watchArrivals()
        refreshTask = Task { @MainActor [weak self] in
            let report = await service.perform(request, progress: { progress in
                Task { @MainActor in button?.setProgress(done: progress.done, total: progress.total) }
            }, say: { _ in })
            // `r` also syncs the accounts, after the local feeds (not when no server answered).
            let accounts = self?.accounts(service)
            let beforeSync = try? service.store.latestArticleID()
            let sync = !report.offline && (try? accounts?.accounts().isEmpty) == false ? await accounts?.syncAll { _ in } : nil
            // What the sync brought meets the rules too (the refresh applied them to its own).
            if sync != nil, let beforeSync { _ = try? service.store.applyRules(toArticlesAfter: beforeSync) }
            guard let self else { return }
            refreshTask = nil
            refreshSchedule.lastRefresh = Date()
            button?.setRunning(false)
            button?.setOffline(report.offline || network?.isAvailable == false)
            libraryDidChange()
            announceArrivals(since: watch)
            if report.offline {
                refreshWaitingForNetwork = true   // the Offline state says it; no banner
            } else if !report.failures.isEmpty {
                mainWindow?.showNotice(tr("Some feeds could not be refreshed: {failures}", ["failures": report.failures.joined(separator: "; ")]))
            }
            if let sync, !sync.failures.isEmpty {
                mainWindow?.showNotice(tr("Some accounts could not be synced: {failures}", ["failures": sync.failures.joined(separator: "; ")]))
            } else if let sync, !sync.notices.isEmpty {
                mainWindow?.showNotice(tr("The server refused some changes, which were dropped: {changes}",
                                          ["changes": sync.notices.joined(separator: "; ")]))
            }
        }
    }

    /// The sync accounts' service over the library, with the user's sync settings (made again
    /// when they change).
    func accounts(_ service: LibraryService) -> AccountService {
        let options = AccountCommands.syncOptions(windowDays: settings.syncWindowDays)
        if let existing = accountService, existing.store === service.store, existing.options.windowDays == options.windowDays {
            return existing
        }
        let made = AccountService(store: service.store, options: options)
        accountService = made
        return made
    }

    /// The Add Account dialog (or, for `existing`, Sign In Again with a new password); the
    /// account is synced at once.
    func showAddAccount(signingIn existing: Account? = nil) {
        guard let service = libraryService else { return }
        let accounts = accounts(service)
        let dialog = AddAccountDialog(parent: mainWindow?.window, signingIn: existing, add: { kind, server, user, password, answer in
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
        }, done: { [weak self] account in
            guard let self else { return }
            libraryDidChange()
            refreshAll()   // the first sync brings its feeds
        })
        addAccountDialog = dialog
        dialog.present()
    }

    func showPreferences() {
        let window = preferencesWindow ?? PreferencesWindow(application: application.as(GtkApplication.self), settings: settings)
        preferencesWindow = window
        window.accounts = { [weak self] in self?.storeAccess?.read(tr("read your sync accounts"), fallback: []) { try $0.accounts() } ?? [] }
        connectRules(window.rulesEditor)
        window.present(transientFor: mainWindow?.window)
    }

    /// Checks once a minute whether an automatic refresh is due (settings' interval); once.
    func startAutomaticRefresh() {
        guard !automaticRefreshStarted else { return }
        automaticRefreshStarted = true
        MainLoop.timeout(milliseconds: 60_000) { [weak self] in
            self?.refreshIfDue()
            return true
        }
        MainLoop.timeout(milliseconds: UInt32(RefreshSchedule.startupDelay * 1000)) { [weak self] in
            self?.refreshIfDue()
            return false
        }
    }

    private func refreshIfDue() {
        let interval = TimeInterval(settings.refreshIntervalMinutes * 60)
        refreshSchedule.interval = interval
        let now = Date()
        let feeds = storeAccess?.read(tr("read your subscriptions"), fallback: []) { try $0.feeds() } ?? []
        // A feed with an interval of its own shorter than the app's may be due before the app's turn.
        let ownTurn = feeds.contains { $0.refreshMinutes != nil && $0.isDue(at: now, defaultInterval: interval) }
        guard !feeds.isEmpty, refreshSchedule.isDue(at: now) || ownTurn else { return }
        // Offline, the timed refresh waits for the network instead of failing every feed.
        guard network?.isAvailable != false else {
            refreshWaitingForNetwork = true
            return
        }
        // The first refresh after start-up fetches everything; later ones what is due.
        refreshAll(automatic: refreshSchedule.lastRefresh != nil)
    }

    /// Follows the network: the window's Offline state, and a refresh that waited for it runs
    /// as soon as it is back.
    func watchNetwork() {
        let monitor = NetworkMonitor()
        monitor.onChange = { [unowned self] available in
            mainWindow?.refreshButton.setOffline(!available)
            guard available, refreshWaitingForNetwork else { return }
            refreshWaitingForNetwork = false
            refreshAll()
        }
        network = monitor
    }

    private func subscribe(_ address: String, done: @escaping @MainActor (Result<[DiscoveredFeed], AddFeedFailure>) -> Void) {
        guard let service = libraryService else { return done(.failure(AddFeedFailure(message: tr("The library is not available.")))) }
        Task { @MainActor [weak self] in
            do {
                switch try await Subscriber(store: service.store, policy: service.policy).subscribe(url: address) {
                case .subscribed: done(.success([]))
                case .choices(let found): done(.success(found))
                }
                self?.libraryDidChange()
            } catch {
                done(.failure(AddFeedFailure(message: "\(error)")))
            }
        }
    }

    /// Subscribes in an account: queued for its server, then synced at once; the server's
    /// refusal is shown in the popover. A server out of reach gets the change at the next sync.
    private func subscribe(_ address: String, in account: Account,
                           done: @escaping @MainActor (Result<[DiscoveredFeed], AddFeedFailure>) -> Void) {
        guard let service = libraryService,
              storeAccess?.write(tr("queue the subscription"), { try $0.queueChange(accountID: account.id, kind: .subscribe, target: address, value: nil) }) == true
        else { return done(.failure(AddFeedFailure(message: tr("The library is not available.")))) }
        Task { @MainActor [weak self] in
            guard let accounts = self?.accounts(service) else { return }
            switch await accounts.sync(account) {
            case .success(let summary):
                if let refusal = summary.dropped.first { done(.failure(AddFeedFailure(message: refusal))) } else { done(.success([])) }
            case .failure(let error):
                // Translators: {error} says why the account's server could not be reached.
                let message = tr("{error} The subscription is sent at the next sync.", ["error": String(describing: error)])
                done(.failure(AddFeedFailure(message: message)))
            }
            self?.libraryDidChange()
        }
    }

    private func trySamples() {
        guard let service = libraryService, let samples = DataLocations.samplesOPML else { return }
        Task { @MainActor [weak self] in
            let report = await service.perform(LibraryRequest(importOPML: [samples.path], refresh: true)) { _ in }
            self?.libraryDidChange()
            if !report.failures.isEmpty {
                self?.notify(tr("The sample feeds could not be added: {failures}", ["failures": report.failures.joined(separator: "; ")]))
            }
        }
    }

    private func scaleText(by step: Double) {
        let range = Settings.textScaleRange
        settings.textScale = min(max(((settings.textScale + step) * 10).rounded() / 10, range.lowerBound), range.upperBound)
    }
}
