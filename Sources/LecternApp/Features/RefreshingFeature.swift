import CGtk4
import Foundation
import GtkBridge
import Library
import Sync
import Localization

/// Refreshing: the refresh that runs (one at a time, its progress on the Refresh button, its
/// cancel), the schedule that starts one by itself, and the network it waits for when the
/// computer is offline. A refresh fetches the local feeds, then syncs the accounts.
/// Actions: `app.refresh` (r), `app.cancel-refresh`.
@MainActor
final class RefreshingFeature {
    private unowned let shell: AppShell
    private let library: LibraryOwner
    private let accounts: AccountsFeature
    private let arrivals: ArrivalsFeature
    /// The refresh in progress, if any (cancelled by the Stop button).
    private var task: Task<Void, Never>?
    /// When the window refreshes by itself.
    private var schedule = RefreshSchedule(interval: 3600, lastRefresh: nil, started: Date())
    /// True once the automatic refresh's timers run.
    private var automaticStarted = false
    /// Whether the computer has a network (made at start-up).
    private var network: NetworkMonitor?
    /// A timed refresh came due while offline: it runs when the network is back.
    private var waitingForNetwork = false
    /// Told when a refresh (and the syncs after it) ended: the downloads of new episodes follow it.
    var onRefreshed: (@MainActor () -> Void)?

    init(shell: AppShell, library: LibraryOwner, accounts: AccountsFeature, arrivals: ArrivalsFeature) {
        self.shell = shell
        self.library = library
        self.accounts = accounts
        self.arrivals = arrivals
        Actions.add("refresh", to: shell.actionMap) { [unowned self] in refreshAll() }
        Actions.add("cancel-refresh", to: shell.actionMap) { [unowned self] in task?.cancel() }
        watchNetwork()
    }

    /// False when the computer is known to be offline (the Refresh button says so).
    var isOnline: Bool { network?.isAvailable != false }

    /// Refreshes the feeds, then syncs the accounts. `automatic` (the timer) fetches only the
    /// feeds due by their own interval or the app's.
    func refreshAll(automatic: Bool = false) {
        guard task == nil, let service = library.service else { return }
        let settings = shell.settings
        let button = shell.mainWindow?.refreshButton
        button?.setRunning(true)
        let total = library.access?.read(tr("count your subscriptions"), fallback: 0) { try $0.feeds().count } ?? 0
        button?.setProgress(done: 0, total: total)
        var request = LibraryRequest(refresh: true, retentionDays: settings.retentionDays)
        if automatic { request.automaticInterval = TimeInterval(settings.refreshIntervalMinutes * 60) }
        let watch = arrivals.watch()
        let accounts = self.accounts.service(for: service)
        task = Task { @MainActor [weak self] in
            let report = await service.perform(request, progress: { progress in
                Task { @MainActor in button?.setProgress(done: progress.done, total: progress.total) }
            }, say: { _ in })
            // `r` also syncs the accounts, after the local feeds (not when no server answered); what
            // a sync brings meets the rules there, as the refresh's articles did.
            let sync = !report.offline && (try? accounts.accounts().isEmpty) == false ? await accounts.syncAll { _ in } : nil
            self?.finish(report: report, sync: sync, watch: watch)
        }
    }

    private func finish(report: LibraryService.Report, sync: AccountService.Report?, watch: ArrivalWatch?) {
        task = nil
        schedule.lastRefresh = Date()
        let window = shell.mainWindow
        window?.refreshButton.setRunning(false)
        window?.refreshButton.setOffline(report.offline || !isOnline)
        shell.libraryDidChange()
        arrivals.announce(since: watch)
        onRefreshed?()
        if report.offline {
            waitingForNetwork = true   // the Offline state says it; no banner
        } else if !report.failures.isEmpty {
            window?.showNotice(tr("Some feeds could not be refreshed: {failures}", ["failures": report.failures.joined(separator: "; ")]))
        }
        if let sync, !sync.failures.isEmpty {
            window?.showNotice(tr("Some accounts could not be synced: {failures}", ["failures": sync.failures.joined(separator: "; ")]))
        } else if let sync, !sync.notices.isEmpty {
            window?.showNotice(tr("The server refused some changes, which were dropped: {changes}",
                                  ["changes": sync.notices.joined(separator: "; ")]))
        }
    }

    /// Checks once a minute whether an automatic refresh is due (settings' interval); once.
    func startAutomatic() {
        guard !automaticStarted else { return }
        automaticStarted = true
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
        let interval = TimeInterval(shell.settings.refreshIntervalMinutes * 60)
        schedule.interval = interval
        let now = Date()
        let feeds = library.access?.read(tr("read your subscriptions"), fallback: []) { try $0.feeds() } ?? []
        // A feed with an interval of its own shorter than the app's may be due before the app's turn.
        let ownTurn = feeds.contains { $0.refreshMinutes != nil && $0.isDue(at: now, defaultInterval: interval) }
        guard !feeds.isEmpty, schedule.isDue(at: now) || ownTurn else { return }
        // Offline, the timed refresh waits for the network instead of failing every feed.
        guard isOnline else {
            waitingForNetwork = true
            return
        }
        // The first refresh after start-up fetches everything; later ones what is due.
        refreshAll(automatic: schedule.lastRefresh != nil)
    }

    /// Follows the network: the window's Offline state, and a refresh that waited for it runs
    /// as soon as it is back.
    private func watchNetwork() {
        let monitor = NetworkMonitor()
        monitor.onChange = { [unowned self] available in
            shell.mainWindow?.refreshButton.setOffline(!available)
            guard available, waitingForNetwork else { return }
            waitingForNetwork = false
            refreshAll()
        }
        network = monitor
    }
}
