import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// Every launch's command line, in the primary instance — its own and forwarded ones: the
/// appearance flags, the window, library work and `--sync` (each step printed to the launching
/// terminal, which exits 1 if something failed), the picker, and `--screenshot`.
@MainActor
final class PrimaryCommandLine {
    private unowned let shell: AppShell
    private let library: LibraryOwner
    private let themes: ThemesFeature
    private let background: BackgroundFeature
    private let accounts: AccountsFeature
    private let arrivals: ArrivalsFeature
    private let refreshing: RefreshingFeature

    init(shell: AppShell, library: LibraryOwner, themes: ThemesFeature, background: BackgroundFeature,
         accounts: AccountsFeature, arrivals: ArrivalsFeature, refreshing: RefreshingFeature) {
        self.shell = shell
        self.library = library
        self.themes = themes
        self.background = background
        self.accounts = accounts
        self.arrivals = arrivals
        self.refreshing = refreshing
    }

    func handle(_ commandLine: ApplicationCommandLine) -> Int32 {
        let options = LaunchOptions(dict: commandLine.options)
        themes.applyLaunchOptions(theme: options.theme, colorScheme: options.colorScheme, accent: options.accent)
        if options.background { startInBackground() }
        if background.showsWindow(for: options, remote: commandLine.isRemote) { shell.activate() }
        if !options.library.isEmpty {
            let folder = commandLine.workingDirectory ?? FileManager.default.currentDirectoryPath
            var request = options.library.resolvingPaths(against: folder)
            request.retentionDays = shell.settings.retentionDays
            performLibraryWork(request, for: commandLine)
        }
        if options.sync { accounts.syncForLaunch(commandLine) }
        if options.themePicker { themes.showPicker() }
        let captured = options.themePicker ? themes.pickerWindow : shell.mainWindow?.window
        if let screenshot = options.screenshot, let window = captured {
            takeScreenshot(of: window, to: resolve(screenshot, against: commandLine), for: commandLine)
        }
        return 0
    }

    /// `--background`: no window; the library opens and the feeds refresh on schedule.
    private func startInBackground() {
        library.withLibrary { [weak self] service in
            guard service != nil else { return }
            self?.refreshing.startAutomatic()
        }
    }

    /// Library flags in the running instance: the work runs off the main thread, each step
    /// is printed to the launching terminal, and the launcher exits 1 if something failed.
    /// While the library is being upgraded, the work waits for it.
    private func performLibraryWork(_ request: LibraryRequest, for caller: ApplicationCommandLine) {
        library.withLibrary { [weak self] service in
            guard let self, let service else {
                caller.printError(tr("lectern: the library could not be opened"))
                return caller.setExitStatus(1)
            }
            let watch = request.refresh ? arrivals.watch() : nil
            Task { @MainActor [weak self] in
                let report = await service.perform(request) { line in
                    Task { @MainActor in caller.printError(line) }
                }
                for failure in report.failures { caller.printError("  - \(failure)") }
                caller.setExitStatus(report.succeeded ? 0 : 1)
                self?.shell.libraryDidChange()
                self?.arrivals.announce(since: watch)
            }
        }
    }

    /// Saves a PNG of `window` once it has been drawn, answers the launching process and,
    /// for Lectern's own launch, quits. A forwarded request leaves the window open.
    private func takeScreenshot(of window: WidgetPointer, to path: String, for caller: ApplicationCommandLine) {
        let remote = caller.isRemote
        // Capture the settled look: after the desktop's preference has arrived.
        themes.whenSettled { [unowned self] in
            WidgetCapture.capture(window, to: path) { [unowned self] result in
                let status: Int32
                switch result {
                case .success(let size):
                    let values: KeyValuePairs<String, any Sendable> = [
                        "width": String(size.width), "height": String(size.height), "path": path,
                        "process": String(ProcessInfo.processInfo.processIdentifier),
                    ]
                    // A forwarded request says which Lectern drew it: the one already running.
                    let saved = remote
                        // Translators: {process} is the running Lectern's process id.
                        ? tr("Saved a {width}×{height} screenshot to {path} (drawn by the running Lectern, process {process})", values)
                        : tr("Saved a {width}×{height} screenshot to {path}", values)
                    caller.print(saved)
                    status = 0
                case .failure(let error):
                    caller.printError(tr("lectern: could not save the screenshot: {error}", ["error": String(describing: error)]))
                    status = 1
                }
                caller.setExitStatus(status)
                if !remote { shell.quit(status: status) }
            }
        }
    }

    /// An absolute path for a file argument given relative to the launching process.
    private func resolve(_ path: String, against commandLine: ApplicationCommandLine) -> String {
        guard !path.hasPrefix("/"), let cwd = commandLine.workingDirectory else { return path }
        return URL(filePath: cwd, directoryHint: .isDirectory).appending(path: path).path
    }
}
