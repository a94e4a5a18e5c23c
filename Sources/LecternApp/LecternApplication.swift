import CGtk4
import Foundation
import GtkBridge
import Localization
import Theming

/// The GtkApplication (`dev.lectern.Lectern`): one primary instance; a second launch
/// forwards its command line to the first and exits with the status the first answers.
///
/// It owns only what is the whole app's: the settings and their file, the main window, the
/// messages waiting for it, and quitting. Everything else is a feature's (Features/).
@MainActor
public final class LecternApplication: AppShell {
    private let application: Object
    let settings = Settings()
    private let settingsStore = SettingsStore()
    private let locator = ResourceLocator.locate()
    private(set) var mainWindow: MainWindow?
    private var features: Features?
    /// Started with `--background`: no window, no styles until one is asked for.
    private var launchedInBackground = false
    /// True after a failed settings save, until one succeeds (the banner is shown once).
    private var settingsSaveFailed = false
    /// Messages for the user collected before the window exists (shown once, in a banner).
    private var pendingNotices: [String] = []
    /// An exit status decided after the main loop started (GApplication reports 0 for a
    /// local launch that ran the loop).
    private var exitStatus: Int32?

    var gApplication: UnsafeMutablePointer<GApplication> { application.as(GApplication.self) }
    var gtkApplication: UnsafeMutablePointer<GtkApplication> { application.as(GtkApplication.self) }

    /// Runs Lectern with the process's arguments and returns the exit status.
    public static func main(arguments: [String]) -> Int32 {
        if let error = CommandLineValidator.check(Array(arguments.dropFirst())) {
            LocalCommands.printError(tr("lectern: {error}\nRun “lectern --help” to see the options.", ["error": error.message]))
            return 2
        }
        return LecternApplication().run(arguments: arguments)
    }

    private init() {
        let flags = GApplicationFlags(rawValue: G_APPLICATION_HANDLES_COMMAND_LINE.rawValue)
        application = Object(adopting: created(gtk_application_new(LecternVersion.applicationID, flags)))
        OptionEntries.install(on: gApplication)
        application.connect(.handleLocalOptions) { [unowned self] dict in
            let options = LaunchOptions(dict: dict)
            launchedInBackground = options.background
            return LocalLaunch(settings: settings, settingsStore: settingsStore, locator: locator).handle(options) ?? -1
        }
        application.connect(.startup) { [unowned self] in startup() }
        application.connect(.activate) { [unowned self] in activate() }
        application.connect(.shutdown) { [unowned self] in shutdown() }
        application.connect(.commandLine) { [unowned self] commandLine in features?.commandLine.handle(commandLine) ?? 1 }
    }

    private func run(arguments: [String]) -> Int32 {
        var cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        cArguments.append(nil)
        let status = cArguments.withUnsafeMutableBufferPointer { buffer in
            g_application_run(gApplication, Int32(arguments.count), buffer.baseAddress)
        }
        return exitStatus ?? status
    }

    private func startup() {
        MainLoopBridge.install()
        // GTK mirrors its widgets when its own catalog reads right to left; Lectern's says so too,
        // for a language GTK has no catalog for.
        if Localization.isRightToLeft { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }
        settingsStore.load(into: settings)
        settingsStore.warnings.forEach { notify($0) }
        let map = actionMap
        Actions.add("quit", to: map) { [unowned self] in quit(status: nil) }
        Actions.add("about", to: map) { [unowned self] in AboutDialog.present(parent: mainWindow?.window) }
        Actions.setAccelerators(["<Control>q"], for: "app.quit", on: map)
        Actions.setAccelerators(["<Control>w"], for: "window.close", on: map)
        features = Features(shell: self, locator: locator, launchedInBackground: launchedInBackground,
                            saveSettings: { [unowned self] in saveSettings() })
        // A session logout or `kill` ends Lectern the same way as Quit: settings are saved.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            MainLoop.onUnixSignal(signal) { [unowned self] in quit(status: nil) }
        }
    }

    /// Shows the main window, creating it on first use. Safe to call repeatedly.
    func activate() {
        guard let features else { return }
        features.windowWanted()
        if mainWindow == nil {
            let window = MainWindow(application: gtkApplication, settings: settings)
            pendingNotices.forEach { window.showNotice($0) }
            pendingNotices = []
            mainWindow = window
            features.attach(to: window)
        }
        mainWindow?.setHideOnClose(features.background.held)
        mainWindow?.present()
    }

    private func shutdown() {
        features?.listening.shutDown()
        features?.downloads.shutDown()
        saveSettings()
        features?.library.close()
    }

    func libraryDidChange() { features?.libraryDidChange() }

    /// Shows a message once: in the window's banner, or when the window opens. Also logged.
    func notify(_ message: String) {
        Log.warning(message)
        if let mainWindow { mainWindow.showNotice(message) } else { pendingNotices.append(message) }
    }

    private func saveSettings() {
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

    /// Remembers the window's geometry, then ends the main loop with `status` (nil: its own).
    func quit(status: Int32?) {
        if let status { exitStatus = status }
        mainWindow?.rememberGeometry()
        g_application_quit(gApplication)
    }
}
