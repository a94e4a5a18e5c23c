import Foundation
import GtkBridge
import Library
import Theming
import Localization

/// The flags answered in the launching process, before any window or running instance:
/// `--version`, the inspection and theme tools, the account flags, `--batch`, and the checks
/// of `--theme` and `--color-scheme` (a bad value ends the launch with status 2 here, so the
/// running Lectern only ever sees good ones).
@MainActor
struct LocalLaunch {
    let settings: Settings
    let settingsStore: SettingsStore
    let locator: ResourceLocator?

    /// An exit status, or nil to go on to the primary instance.
    func handle(_ options: LaunchOptions) -> Int32? {
        if options.version {
            print("Lectern \(LecternVersion.string)")
            return 0
        }
        if let feed = options.inspectFeed { return LocalCommands.inspectFeed(feed) }
        if let page = options.extractArticle { return LocalCommands.extractArticle(page, baseURL: options.baseURL) }
        if let status = libraryWork(options) { return status }
        if let path = options.validateTheme { return LocalCommands.validateTheme(path: path) }
        if let path = options.fixContrast { return LocalCommands.fixContrast(path: path) }
        if let value = options.colorScheme, ColorSchemeOverride(rawValue: value) == nil {
            let accepted = ColorSchemeOverride.allCases.map(\.rawValue).joined(separator: ", ")
            return usageError(tr("unknown colour scheme \"{scheme}\"; use one of: {accepted}", ["scheme": value, "accepted": accepted]))
        }
        if let value = options.accent, AccentChoice(rawValue: value) == nil {
            let accepted = AccentChoice.allCases.map(\.rawValue).joined(separator: ", ")
            // Translators: --accent was given a value it does not take.
            return usageError(tr("unknown accent \"{accent}\"; use one of: {accepted}", ["accent": value, "accepted": accepted]))
        }
        guard options.theme != nil || options.listThemes || options.printCSS else { return nil }
        return themeTools(options)
    }

    /// The account flags and `--batch`: done here, then a running Lectern is told to show them.
    private func libraryWork(_ options: LaunchOptions) -> Int32? {
        if options.account.isRequested || options.batch {
            settingsStore.load(into: settings)
            AccountCommands.options = AccountCommands.syncOptions(windowDays: settings.syncWindowDays)
        }
        if let status = AccountCommands.run(options.account) {
            tellRunningLectern()
            return status
        }
        guard options.batch else { return nil }
        var request = options.library
        request.retentionDays = settings.retentionDays
        var status = request.isEmpty ? 0 : LibraryBatch.run(request)
        if options.sync { status = max(status, AccountCommands.syncAll()) }
        tellRunningLectern()
        return status
    }

    /// `--theme` checked against the catalog, `--list-themes` and `--print-css`.
    private func themeTools(_ options: LaunchOptions) -> Int32? {
        let catalog = ThemeController.loadCatalog(locator: locator)
        if let name = options.theme, catalog.theme(named: name) == nil {
            return usageError(unknownThemeMessage(name, catalog: catalog))
        }
        if options.listThemes { return LocalCommands.listThemes(catalog) }
        guard options.printCSS else { return nil }
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
        if let draft = catalog.entry(named: typed)?.theme, draft.isDraft {
            // Translators: --theme named a theme saved from the editor while it failed contrast checks.
            return tr("\"{name}\" is a draft that fails contrast checks; finish it in the theme editor (Themes, Edit…)", ["name": draft.name])
        }
        let available = catalog.themes.filter { !$0.isDraft }.map(\.name).joined(separator: ", ")
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
}
