import CGtk4
import Foundation
import GtkBridge
import Theming
import Localization

extension LecternApplication {
    /// Opens the theme picker (Ctrl+T, the main menu, `--theme-picker`).
    func showThemePicker() {
        setUpAppearance()   // started in the background, nothing was styled yet
        guard let themeController else { return }
        let picker = themePicker ?? ThemePicker(application: application.as(GtkApplication.self),
                                                settings: settings, themeController: themeController)
        setThemePicker(picker)
        picker.present(transientFor: mainWindow?.window)
    }

    /// `app.select-theme('Name')`: what a picker card does; also reachable over D-Bus
    /// (org.gtk.Actions) for scripts and tests.
    func selectTheme(_ name: String) {
        guard let theme = themeController?.catalog.theme(named: name) else {
            notify(tr("There is no usable theme named “{name}”.", ["name": name]))
            return
        }
        settings.themeName = theme.name
    }

    /// "Fix Contrast" on a user theme's card: a corrected copy beside its file, listed at once.
    func fixContrast(of path: String) {
        do {
            let copy = try ContrastFix.writeCorrectedCopy(of: URL(filePath: path))
            reloadThemes()
            // Translators: {file} is the name of the corrected copy of the theme's file.
            notify(tr("Wrote {file} beside your theme: its colours pass every contrast check.", ["file": copy.lastPathComponent]))
        } catch {
            notify(tr("The theme's contrast could not be fixed: {error}", ["error": String(describing: error)]))
        }
    }

    /// Re-reads the built-in and user theme folders (user themes edited on disk).
    func reloadThemes() {
        themeController?.reloadCatalog(locator: locator)
    }

    /// Shows the user themes folder in the file manager, creating it first.
    func openThemesFolder() {
        let folder = DataLocations.userThemesDirectory
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return notify(tr("Lectern could not create your themes folder {path}: {error}. Check that its parent folder is writable.",
                             ["path": folder.path, "error": error.localizedDescription]))
        }
        let parent: UnsafeMutablePointer<GtkWindow>? = (themePicker?.window ?? mainWindow?.window).map { cast($0) }
        gtk_show_uri(parent, folder.absoluteString, guint32(GDK_CURRENT_TIME))
    }
}
