import CGtk4
import Foundation
import GtkBridge
import Library
import Sync
import Theming
import Localization

extension LecternApplication {
    /// Runs in the primary instance for every launch, its own and forwarded ones.
    func handleCommandLine(_ commandLine: ApplicationCommandLine) -> Int32 {
        let options = LaunchOptions(dict: commandLine.options)
        applyAppearanceOptions(options)
        if options.background { startInBackground() }
        if showsWindow(for: options, remote: commandLine.isRemote) { activate() }
        if !options.library.isEmpty {
            let folder = commandLine.workingDirectory ?? FileManager.default.currentDirectoryPath
            var request = options.library.resolvingPaths(against: folder)
            request.retentionDays = settings.retentionDays
            performLibraryWork(request, for: commandLine)
        }
        if options.sync { performSync(for: commandLine) }
        if options.themePicker { showThemePicker() }
        let captured = options.themePicker ? themePicker?.window : mainWindow?.window
        if let screenshot = options.screenshot, let window = captured {
            let path = resolve(screenshot, against: commandLine)
            takeScreenshot(of: window, to: path, for: commandLine)
        }
        return 0
    }

    /// Library flags in the running instance: the work runs off the main thread, each step
    /// is printed to the launching terminal, and the launcher exits 1 if something failed.
    /// While the library is being upgraded, the work waits for it.
    private func performLibraryWork(_ request: LibraryRequest, for caller: ApplicationCommandLine) {
        withLibrary { [weak self] service in
            guard let service else {
                caller.printError(tr("lectern: the library could not be opened"))
                return caller.setExitStatus(1)
            }
            self?.perform(request, with: service, for: caller)
        }
    }

    private func perform(_ request: LibraryRequest, with service: LibraryService, for caller: ApplicationCommandLine) {
        let watch = request.refresh ? watchArrivals() : nil
        Task { @MainActor [weak self] in
            let report = await service.perform(request) { line in
                Task { @MainActor in caller.printError(line) }
            }
            for failure in report.failures { caller.printError("  - \(failure)") }
            caller.setExitStatus(report.succeeded ? 0 : 1)
            self?.libraryDidChange()
            self?.announceArrivals(since: watch)
        }
    }

    /// `--sync` in the running instance: every account, each step printed to the launching
    /// terminal; the launcher exits 1 if an account failed.
    private func performSync(for caller: ApplicationCommandLine) {
        withLibrary { [weak self] service in
            guard let service else {
                caller.printError(tr("lectern: the library could not be opened"))
                return caller.setExitStatus(1)
            }
            Task { @MainActor [weak self] in
                guard let accounts = self?.accounts(service) else { return }
                let failures = await accounts.syncAll { line in Task { @MainActor in caller.printError(line) } }.failures
                for failure in failures { caller.printError("  - \(failure)") }
                caller.setExitStatus(failures.isEmpty ? 0 : 1)
                self?.libraryDidChange()
            }
        }
    }

    /// `--theme` and `--color-scheme`: switch now and remember (values were checked by the
    /// launching process).
    private func applyAppearanceOptions(_ options: LaunchOptions) {
        guard options.theme != nil || options.colorScheme != nil else { return }
        setUpAppearance()
        guard let themeController else { return }
        var changed = false
        if let name = options.theme, let theme = themeController.catalog.theme(named: name) {
            settings.themeName = theme.name
            changed = true
        }
        if let scheme = options.colorScheme.flatMap(ColorSchemeOverride.init) {
            settings.colorScheme = scheme
            changed = true
        }
        guard changed else { return }
        themeController.apply()   // now, so a screenshot in the same launch shows it
    }

    /// Saves a PNG of `window` once it has been drawn, answers the launching process and,
    /// for Lectern's own launch, quits. A forwarded request leaves the window open.
    private func takeScreenshot(of window: WidgetPointer, to path: String, for caller: ApplicationCommandLine) {
        let remote = caller.isRemote
        let capture: @MainActor () -> Void = { [unowned self] in
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
                if !remote {
                    exitStatus = status
                    quit()
                }
            }
        }
        // Capture the settled look: after the desktop's preference has arrived.
        if let desktop = themeController?.desktop { desktop.whenSettled(capture) } else { capture() }
    }

    /// An absolute path for a file argument given relative to the launching process.
    private func resolve(_ path: String, against commandLine: ApplicationCommandLine) -> String {
        guard !path.hasPrefix("/"), let cwd = commandLine.workingDirectory else {
            return path
        }
        return URL(filePath: cwd, directoryHint: .isDirectory).appending(path: path).path
    }
}
