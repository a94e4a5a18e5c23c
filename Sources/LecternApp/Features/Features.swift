import CGtk4
import Foundation
import GtkBridge
import Library
import Theming

/// Lectern's features, made at start-up: each the one owner of its state and its actions
/// (docs/features.md), and here, who may ask whom. A feature is handed the others it calls;
/// where two would need each other, a closure set here breaks the circle.
@MainActor
final class Features {
    let library: LibraryOwner
    let themes: ThemesFeature
    let background: BackgroundFeature
    let reading: ReadingFeature
    let arrivals: ArrivalsFeature
    let accounts: AccountsFeature
    let refreshing: RefreshingFeature
    let subscriptions: SubscriptionsFeature
    let labels: LabelsFeature
    let listening: ListeningFeature
    let downloads: DownloadsFeature
    let preferences: PreferencesFeature
    let commandLine: PrimaryCommandLine
    unowned let shell: AppShell
    private var shellSearch: ShellSearchProvider?
    private var mpris: MprisService?
    private var settingsObserver: SettingsObserver?

    init(shell: AppShell, locator: ResourceLocator?, launchedInBackground: Bool, saveSettings: @escaping @MainActor () -> Void) {
        self.shell = shell
        let library = LibraryOwner(notify: { [unowned shell] in shell.notify($0) })
        let themes = ThemesFeature(shell: shell, locator: locator)
        let background = BackgroundFeature(shell: shell, launchedInBackground: launchedInBackground)
        let reading = ReadingFeature(shell: shell, library: library)
        let arrivals = ArrivalsFeature(shell: shell, library: library, showArticle: { reading.showArticle(id: $0) })
        let accounts = AccountsFeature(shell: shell, library: library)
        let refreshing = RefreshingFeature(shell: shell, library: library, accounts: accounts, arrivals: arrivals)
        accounts.onAdded = { refreshing.refreshAll() }   // the first sync brings its feeds
        (self.library, self.themes, self.background, self.reading) = (library, themes, background, reading)
        (self.arrivals, self.accounts, self.refreshing) = (arrivals, accounts, refreshing)
        subscriptions = SubscriptionsFeature(shell: shell, library: library, accounts: accounts)
        labels = LabelsFeature(shell: shell, library: library, accounts: accounts)
        downloads = DownloadsFeature(shell: shell, library: library)
        refreshing.onRefreshed = { [downloads] in downloads.downloadNew() }
        listening = ListeningFeature(shell: shell, library: library)
        preferences = PreferencesFeature(shell: shell, library: library, accounts: accounts)
        commandLine = PrimaryCommandLine(shell: shell, library: library, themes: themes, background: background,
                                         accounts: accounts, arrivals: arrivals, refreshing: refreshing)
        // In the background nothing is styled until a window is asked for.
        if !background.startsWithoutWindow { themes.setUp() }
        settingsObserver = SettingsObserver(settings: shell.settings,
                                            onAppearanceChange: { [themes] in themes.apply() },
                                            onBackgroundChange: { [background] in background.preferenceChanged() },
                                            onAnyChange: { [unowned shell] in
                                                saveSettings()
                                                shell.mainWindow?.session?.settingsChanged()
                                            })
        background.started()
        shellSearch = ShellSearchProvider(host: self, application: shell.gApplication)
        mpris = MprisService(listening: listening, application: shell.gApplication,
                             raise: { [unowned shell] in shell.activate() }, quit: { [unowned shell] in shell.quit(status: nil) })
    }

    /// A window is asked for: the appearance first, and the hold of a D-Bus-started Lectern.
    func windowWanted() {
        background.windowWanted()
        themes.setUp()
    }

    /// A new main window: each feature wires its part, and the window gets its panes once the
    /// library is open.
    func attach(to window: MainWindow) {
        reading.attach(to: window)
        subscriptions.attach(to: window)
        listening.attach(to: window)
        window.refreshButton.setOffline(!refreshing.isOnline)
        library.open(for: window) { [unowned self] access in libraryReady(access, in: window) }
    }

    /// The library is open (or could not be): the window gets its panes and starts its work.
    private func libraryReady(_ access: StoreAccess?, in window: MainWindow) {
        guard let access else { return window.showWelcomeIfEmpty() }
        let session = ReadingSession(access: access, settings: shell.settings)
        session.fullArticles = library.service?.fullArticles
        session.onNotice = { [unowned shell] in shell.notify($0) }
        session.sidebar.onContextMenu = { [unowned self] item, row in
            guard case .label(let label) = item else { return subscriptions.showContextMenu(for: item, at: row) }
            if let menu = labels.menu(for: label) { ContextMenus.popUp(menu, at: row) }
        }
        labels.attach(to: session)
        session.reader.downloadState = { [downloads] in downloads.state(articleID: $0, url: $1) }
        downloads.onChange.append { [weak session] in session?.reader.downloadChanged(articleID: $0, url: $1) }
        downloads.removePlayed()
        window.attach(session)
        if WindowBenchmark.isRequested {
            WindowBenchmark.start(in: window, themes: themes, quit: { [unowned shell] in shell.quit(status: nil) })
        } else {
            refreshing.startAutomatic()
        }
    }

    /// The library changed: the window shows it, and Preferences its list of accounts.
    func libraryDidChange() {
        shell.mainWindow?.reloadLibrary()
        preferences.showAccounts()
    }
}
