import CGtk4
import Foundation
import GtkBridge
import Theming
import Localization

/// Themes: the appearance (the component stylesheet and the theme's token CSS, set up once
/// before the first window), the theme in force with the desktop's light/dark preference
/// (`ThemeController`), the picker (kept once opened), and the user themes folder, watched so
/// that a theme edited on disk is listed at once, and the theme editor (`+Editing`). Actions:
/// `app.themes` (Ctrl+T), `app.select-theme`, `app.reload-themes`, `app.fix-contrast`,
/// `app.open-themes-folder`, and the editor's (see `ThemesFeature+Editing`).
@MainActor
final class ThemesFeature {
    unowned let shell: AppShell
    private let locator: ResourceLocator?
    private(set) var controller: ThemeController?
    private var picker: ThemePicker?
    private var folderWatch: ThemesFolderWatch?
    /// The theme editor while it is open (one at a time).
    var editor: ThemeEditor?

    init(shell: AppShell, locator: ResourceLocator?) {
        self.shell = shell
        self.locator = locator
        let map = shell.actionMap
        Actions.add("themes", to: map) { [unowned self] in showPicker() }
        Actions.add("select-theme", to: map, string: { [unowned self] name in select(name) })
        Actions.add("reload-themes", to: map) { [unowned self] in reload() }
        Actions.add("fix-contrast", to: map, string: { [unowned self] path in fixContrast(of: path) })
        Actions.add("open-themes-folder", to: map) { [unowned self] in openFolder() }
        Actions.setAccelerators(["<Control>t"], for: "app.themes", on: map)
        installEditingActions()
    }

    /// The theme, the desktop's light/dark preference and the CSS: once, before the first window.
    func setUp() {
        guard controller == nil else { return }
        let appearance = Appearance(locator: locator)
        appearance.install()
        appearance.beforeRestyle = { [unowned shell] in shell.mainWindow?.session?.prepareForRestyle() }
        let desktop = DesktopPreference()
        let controller = ThemeController(settings: shell.settings, appearance: appearance, desktop: desktop, locator: locator)
        controller.onWarning = { [unowned shell] in shell.notify($0) }
        controller.onApplied = { [unowned self] in picker?.refresh() }
        // The editor's changes are worn at the start of the main window's next frame (the editor's, when alone).
        controller.framePacers = { [unowned self, unowned shell] in [shell.mainWindow?.window, editor?.window, pickerWindow] }
        controller.apply()
        desktop.onChange = { controller.apply() }
        folderWatch = ThemesFolderWatch(folder: DataLocations.userThemesDirectory) { [unowned self] in reload() }
        desktop.start()
        self.controller = controller
    }

    /// Applies the settings' theme and scheme again (they changed).
    func apply() { controller?.apply() }

    /// Switches to the theme named `name` now (the picker's cards and `--theme` remember it the same way).
    func applyTheme(named name: String) {
        shell.settings.themeName = name
        controller?.apply()
    }

    /// `--theme` and `--color-scheme` of a launch: switch now and remember (the values were
    /// checked by the launching process).
    func applyLaunchOptions(theme: String?, colorScheme: String?, accent: String?) {
        guard theme != nil || colorScheme != nil || accent != nil else { return }
        setUp()
        guard let controller else { return }
        var changed = false
        if let name = theme, let found = controller.catalog.theme(named: name) {
            shell.settings.themeName = found.name
            changed = true
        }
        if let scheme = colorScheme.flatMap(ColorSchemeOverride.init) {
            shell.settings.colorScheme = scheme
            changed = true
        }
        if let accent = accent.flatMap(AccentChoice.init) {
            shell.settings.accent = accent
            changed = true
        }
        if changed { controller.apply() }   // now, so a screenshot in the same launch shows it
    }

    /// The picker's window, when it was opened.
    var pickerWindow: WidgetPointer? { picker?.window }

    /// Runs `body` once the desktop's preference has arrived (a screenshot's settled look).
    func whenSettled(_ body: @escaping @MainActor () -> Void) {
        if let desktop = controller?.desktop { desktop.whenSettled(body) } else { body() }
    }

    /// Opens the theme picker (Ctrl+T, the main menu, `--theme-picker`).
    func showPicker() {
        setUp()   // started in the background, nothing was styled yet
        guard let controller else { return }
        let picker = picker ?? ThemePicker(application: shell.gtkApplication, settings: shell.settings, themeController: controller)
        self.picker = picker
        picker.present(transientFor: shell.mainWindow?.window)
    }

    /// `app.select-theme('Name')`: what a picker card does; also reachable over D-Bus
    /// (org.gtk.Actions) for scripts and tests.
    private func select(_ name: String) {
        guard let theme = controller?.catalog.theme(named: name) else {
            shell.notify(tr("There is no usable theme named “{name}”.", ["name": name]))
            return
        }
        shell.settings.themeName = theme.name
    }

    /// "Fix Contrast" on a user theme's card: a corrected copy beside its file, listed at once.
    private func fixContrast(of path: String) {
        do {
            let copy = try ContrastFix.writeCorrectedCopy(of: URL(filePath: path))
            reload()
            // Translators: {file} is the name of the corrected copy of the theme's file.
            shell.notify(tr("Wrote {file} beside your theme: its colours pass every contrast check.", ["file": copy.lastPathComponent]))
        } catch {
            shell.notify(tr("The theme's contrast could not be fixed: {error}", ["error": String(describing: error)]))
        }
    }

    /// Re-reads the built-in and user theme folders (user themes edited on disk).
    func reload() {
        controller?.reloadCatalog(locator: locator)
    }

    /// Shows the user themes folder in the file manager, creating it first.
    private func openFolder() {
        let folder = DataLocations.userThemesDirectory
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return shell.notify(tr("Lectern could not create your themes folder {path}: {error}. Check that its parent folder is writable.",
                                   ["path": folder.path, "error": error.localizedDescription]))
        }
        let parent: UnsafeMutablePointer<GtkWindow>? = (picker?.window ?? shell.mainWindow?.window).map { cast($0) }
        gtk_show_uri(parent, folder.absoluteString, guint32(GDK_CURRENT_TIME))
    }
}
