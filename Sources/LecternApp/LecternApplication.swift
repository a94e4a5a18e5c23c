import CGtk4
import Foundation
import GtkBridge
import Library
import Sync
import Theming
import Localization

/// The GtkApplication (`dev.lectern.Lectern`): one primary instance; a second launch
/// forwards its command line to the first and exits with the status the first answers.
@MainActor
public final class LecternApplication {
    let application: Object
    let settings = Settings()
    let settingsStore = SettingsStore()
    let locator = ResourceLocator.locate()
    private(set) var mainWindow: MainWindow?
    private(set) var themeController: ThemeController?
    private var settingsObserver: SettingsObserver?
    private(set) var themePicker: ThemePicker?
    private var themesFolderWatch: ThemesFolderWatch?
    /// The refresh in progress, if any (cancelled by the Stop button).
    var refreshTask: Task<Void, Never>?
    var preferencesWindow: PreferencesWindow?
    /// Kept while it is open (its callbacks hold it weakly).
    var addAccountDialog: AddAccountDialog?
    /// The same for the feed settings dialog.
    var feedSettingsDialog: FeedSettingsDialog?
    /// The sync accounts' service: one, so each account's sync runs one at a time and its
    /// client (and tokens) is kept between syncs.
    var accountService: AccountService?
    /// `app.undo` (Ctrl+Z), enabled while the undo bar offers something.
    var undoAction: OpaquePointer?
    /// `app.always-full-article`, whose state shows the context menu's feed switch.
    var alwaysFullArticleAction: OpaquePointer?
    /// `app.feed-notifications`, the same kind of switch for a feed's notifications.
    var feedNotificationsAction: OpaquePointer?
    /// When the window refreshes by itself.
    var refreshSchedule = RefreshSchedule(interval: 3600, lastRefresh: nil, started: Date())
    /// The library: opened on first use, upgraded off the main thread (LecternApplication+Library).
    var library = LibraryState.closed
    /// True after a failed settings save, until one succeeds (the banner is shown once).
    private var settingsSaveFailed = false
    /// Messages for the user collected before the window exists (shown once, in a banner).
    private var pendingNotices: [String] = []
    /// An exit status decided after the main loop started (GApplication reports 0 for a
    /// local launch that ran the loop).
    var exitStatus: Int32?
    /// Started with `--background`: no window, no styles until it is asked for one.
    var launchedInBackground = false
    /// True while Lectern holds itself running with no window (`LecternApplication+Background`).
    var heldInBackground = false
    /// True once the automatic refresh's timers run.
    var automaticRefreshStarted = false
    /// Whether the computer has a network (made at start-up).
    var network: NetworkMonitor?
    /// A timed refresh came due while offline: it runs when the network is back.
    var refreshWaitingForNetwork = false
    /// GNOME Shell's search of the library (ShellSearch/).
    private var shellSearch: ShellSearchProvider?
    /// Started by D-Bus (`--gapplication-service`, for the Shell's search): no window, no
    /// styles and no hold until a window is asked for; it quits once idle.
    private var startedByDBus = false

    /// Runs Lectern with the process's arguments and returns the exit status.
    public static func main(arguments: [String]) -> Int32 {
        if let error = CommandLineValidator.check(Array(arguments.dropFirst())) {
            LocalCommands.printError(tr("lectern: {error}\nRun “lectern --help” to see the options.", ["error": error.message]))
            return 2
        }
        let lectern = LecternApplication()
        return lectern.run(arguments: arguments)
    }

    private init() {
        let flags = GApplicationFlags(rawValue: G_APPLICATION_HANDLES_COMMAND_LINE.rawValue)
        application = Object(adopting: created(gtk_application_new(LecternVersion.applicationID, flags)))
        OptionEntries.install(on: application.as(GApplication.self))
        application.connect(.handleLocalOptions) { [unowned self] dict in handleLocalOptions(LaunchOptions(dict: dict)) }
        application.connect(.startup) { [unowned self] in startup() }
        application.connect(.activate) { [unowned self] in activate() }
        application.connect(.shutdown) { [unowned self] in shutdown() }
        application.connect(.commandLine) { [unowned self] commandLine in handleCommandLine(commandLine) }
    }

    private func run(arguments: [String]) -> Int32 {
        var cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        cArguments.append(nil)
        let status = cArguments.withUnsafeMutableBufferPointer { buffer in
            g_application_run(application.as(GApplication.self), Int32(arguments.count), buffer.baseAddress)
        }
        return exitStatus ?? status
    }

    /// Flags answered in the launching process, without a window or a running instance.
    /// Returns an exit status, or -1 to go on to the primary instance.
    private func handleLocalOptions(_ options: LaunchOptions) -> Int32 {
        if options.version {
            print("Lectern \(LecternVersion.string)")
            return 0
        }
        if let feed = options.inspectFeed { return LocalCommands.inspectFeed(feed) }
        launchedInBackground = options.background
        if let page = options.extractArticle { return LocalCommands.extractArticle(page, baseURL: options.baseURL) }
        if options.account.isRequested || options.batch {
            settingsStore.load(into: settings)
            AccountCommands.options = AccountCommands.syncOptions(windowDays: settings.syncWindowDays)
        }
        if let status = AccountCommands.run(options.account) {
            tellRunningLectern()
            return status
        }
        if options.batch {
            var request = options.library
            request.retentionDays = settings.retentionDays
            var status = request.isEmpty ? 0 : LibraryBatch.run(request)
            if options.sync { status = max(status, AccountCommands.syncAll()) }
            tellRunningLectern()
            return status
        }
        if let path = options.validateTheme { return LocalCommands.validateTheme(path: path) }
        if let path = options.fixContrast { return LocalCommands.fixContrast(path: path) }
        if let value = options.colorScheme, ColorSchemeOverride(rawValue: value) == nil {
            let accepted = ColorSchemeOverride.allCases.map(\.rawValue).joined(separator: ", ")
            return usageError(tr("unknown colour scheme \"{scheme}\"; use one of: {accepted}", ["scheme": value, "accepted": accepted]))
        }
        guard options.theme != nil || options.listThemes || options.printCSS else { return -1 }
        let catalog = ThemeController.loadCatalog(locator: locator)
        if let name = options.theme, catalog.theme(named: name) == nil {
            return usageError(unknownThemeMessage(name, catalog: catalog))
        }
        if options.listThemes { return LocalCommands.listThemes(catalog) }
        if options.printCSS {
            settingsStore.load(into: settings)
            let override = options.colorScheme.flatMap(ColorSchemeOverride.init) ?? settings.colorScheme
            let scheme = resolveColorScheme(override: override, system: .noPreference)
            let name = options.theme ?? ThemeController.themeName(chosen: settings.themeName, darkChosen: settings.darkThemeName,
                                                                  scheme: scheme, desktopHighContrast: false)
            let chosen = catalog.resolveTheme(named: name)
            if let warning = chosen.warning { LocalCommands.printError("lectern: \(warning)") }
            guard let theme = chosen.theme else { return usageError(tr("no valid theme was found")) }
            return LocalCommands.printCSS(theme: theme, scheme: scheme, textScale: settings.textScale,
                                          readingFont: settings.readingFont)
        }
        return -1
    }

    /// After library work done in this process (`--batch`, the account flags): a Lectern
    /// already running shows it at once (its `library-changed` action, over D-Bus).
    private func tellRunningLectern() {
        RemoteAction.activate("library-changed", applicationID: LecternVersion.applicationID)
    }

    private func usageError(_ message: String) -> Int32 {
        LocalCommands.printError("lectern: \(message)")
        return 2
    }

    private func unknownThemeMessage(_ typed: String, catalog: ThemeCatalog) -> String {
        let available = catalog.themes.map(\.name).joined(separator: ", ")
        // No theme has a longer name: nothing is close to such a value, and it is not quoted whole.
        let tooLong = typed.count > ThemeFile.maximumNameLength
        let name = tooLong ? typed.prefix(ThemeFile.maximumNameLength) + "…" : typed
        guard !tooLong, let closest = catalog.closestName(to: name) else {
            return tr("unknown theme \"{name}\". Available themes: {themes}", ["name": name, "themes": available])
        }
        // Translators: {closest} is the name of a theme close to the one asked for.
        return tr("unknown theme \"{name}\". Did you mean \"{closest}\"? Available themes: {themes}",
                  ["name": name, "closest": closest, "themes": available])
    }

    private func startup() {
        MainLoopBridge.install()
        // GTK mirrors its widgets when its own catalog reads right to left; Lectern's says so too,
        // for a language GTK has no catalog for.
        if Localization.isRightToLeft { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }
        settingsStore.load(into: settings)
        settingsStore.warnings.forEach { notify($0) }
        let gApplication = application.as(GApplication.self)
        startedByDBus = g_application_get_flags(gApplication).rawValue & G_APPLICATION_IS_SERVICE.rawValue != 0
        if startedByDBus { g_application_set_inactivity_timeout(gApplication, Self.idleQuitMilliseconds) }
        // In the background nothing is styled until a window is asked for.
        if !launchedInBackground && !startedByDBus { setUpAppearance() }
        settingsObserver = SettingsObserver(settings: settings,
                                            onAppearanceChange: { [unowned self] in themeController?.apply() },
                                            onBackgroundChange: { [unowned self] in backgroundPreferenceChanged() },
                                            onAnyChange: { [unowned self] in
                                                saveSettings()
                                                mainWindow?.session?.settingsChanged()
                                            })
        installActions()
        watchNetwork()
        if !startedByDBus { holdInBackgroundIfWanted() }
        shellSearch = ShellSearchProvider(host: self, application: gApplication)
        // A session logout or `kill` ends Lectern the same way as Quit: settings are saved.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            MainLoop.onUnixSignal(signal) { [unowned self] in quit() }
        }
    }

    /// The theme, the desktop's light/dark preference and the CSS: once, before the first window.
    func setUpAppearance() {
        guard themeController == nil else { return }
        let appearance = Appearance(locator: locator)
        appearance.install()
        appearance.beforeRestyle = { [unowned self] in mainWindow?.session?.prepareForRestyle() }
        let desktop = DesktopPreference()
        let themeController = ThemeController(settings: settings, appearance: appearance, desktop: desktop, locator: locator)
        themeController.onWarning = { [unowned self] in notify($0) }
        themeController.onApplied = { [unowned self] in themePicker?.refresh() }
        themeController.apply()
        desktop.onChange = { themeController.apply() }
        themesFolderWatch = ThemesFolderWatch(folder: DataLocations.userThemesDirectory) { [unowned self] in reloadThemes() }
        desktop.start()
        self.themeController = themeController
    }

    /// How long a Lectern started by D-Bus waits for another search before it quits.
    static let idleQuitMilliseconds: guint = 30_000

    /// Shows the main window, creating it on first use. Safe to call repeatedly.
    func activate() {
        // A Lectern D-Bus started for a search becomes the usual one once it has a window.
        if startedByDBus { holdInBackgroundIfWanted() }
        if mainWindow == nil {
            setUpAppearance()
            let window = MainWindow(application: application.as(GtkApplication.self), settings: settings)
            connectReading(window)
            window.refreshButton.setOffline(network?.isAvailable == false)
            pendingNotices.forEach { window.showNotice($0) }
            pendingNotices = []
            mainWindow = window
            openLibrary(for: window) { [unowned self] access in libraryReady(access, in: window) }
        }
        mainWindow?.setHideOnClose(heldInBackground)
        mainWindow?.present()
    }

    /// The library is open (or could not be): the window gets its panes and starts its work.
    private func libraryReady(_ access: StoreAccess?, in window: MainWindow) {
        guard let access else { return window.showWelcomeIfEmpty() }
        let session = ReadingSession(access: access, settings: settings)
        session.fullArticles = libraryService?.fullArticles
        session.onNotice = { [unowned self] in notify($0) }
        session.sidebar.onContextMenu = { [unowned self] item, row in showContextMenu(for: item, at: row) }
        window.attach(session)
        if WindowBenchmark.isRequested {
            WindowBenchmark.start(in: window, application: self)
        } else {
            startAutomaticRefresh()
        }
    }

    private func shutdown() {
        saveSettings()
        closeLibrary()
    }

    /// Switches to the theme named `name` now (the picker's cards and `--theme` remember it the same way).
    func applyTheme(named name: String) {
        settings.themeName = name
        themeController?.apply()
    }

    func setThemePicker(_ picker: ThemePicker) { themePicker = picker }

    /// The library changed (subscriptions, imports, a refresh, accounts): the window shows it,
    /// and Preferences its list of accounts.
    func libraryDidChange() {
        mainWindow?.reloadLibrary()
        preferencesWindow?.showAccounts()
    }

    /// Shows a message once: in the window's banner, or when the window opens. Also logged.
    func notify(_ message: String) {
        Log.warning(message)
        if let mainWindow { mainWindow.showNotice(message) } else { pendingNotices.append(message) }
    }

    func saveSettings() {
        guard !settingsStore.readOnly else { return }
        do {
            try settingsStore.save(settings)
            settingsSaveFailed = false
        } catch {
            let message = tr("Lectern could not save its settings to {path}: {error}. Changes last until Lectern quits.",
                             ["path": settingsStore.file.path, "error": error.message])
            if settingsSaveFailed { Log.warning(message) } else { notify(message) } // a banner once, not per change
            settingsSaveFailed = true
        }
    }

    private func installActions() {
        let map = UnsafeMutableRawPointer(application.pointer)
        Actions.add("quit", to: map) { [unowned self] in quit() }
        Actions.add("about", to: map) { [unowned self] in AboutDialog.present(parent: mainWindow?.window) }
        Actions.add("themes", to: map) { [unowned self] in showThemePicker() }
        Actions.add("select-theme", to: map, string: { [unowned self] name in selectTheme(name) })
        Actions.add("reload-themes", to: map) { [unowned self] in reloadThemes() }
        Actions.add("fix-contrast", to: map, string: { [unowned self] path in fixContrast(of: path) })
        Actions.add("open-themes-folder", to: map) { [unowned self] in openThemesFolder() }
        installReadingActions()
        installSubscriptionActions()
        installNotificationActions()
        installRuleActions()
        Actions.setAccelerators(["<Control>q"], for: "app.quit", on: map)
        Actions.setAccelerators(["<Control>t"], for: "app.themes", on: map)
        Actions.setAccelerators(["<Control>w"], for: "window.close", on: map)
    }

    /// Remembers the window's geometry, then ends the main loop.
    func quit() {
        mainWindow?.rememberGeometry()
        g_application_quit(application.as(GApplication.self))
    }
}
