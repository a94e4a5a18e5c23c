import CGtk4
import Foundation
import GtkBridge
import Library

/// Running without a window: with "Keep refreshing in the background" on (or started with
/// `--background`), Lectern holds itself running, closing the window only hides it, and the
/// automatic refresh and its notifications go on. Quit (Ctrl+Q) always ends it. Turning the
/// preference on or off also adds or removes Lectern from the programs started at login.
extension LecternApplication {
    /// Holds (or releases) the process as the preference and the launch want.
    func holdInBackgroundIfWanted() {
        let wanted = settings.refreshInBackground || launchedInBackground
        let gApplication = application.as(GApplication.self)
        if wanted, !heldInBackground {
            g_application_hold(gApplication)
            heldInBackground = true
        } else if !wanted, heldInBackground {
            g_application_release(gApplication)
            heldInBackground = false
        }
        mainWindow?.setHideOnClose(heldInBackground)
    }

    /// The preference changed (Preferences, or the keyfile through the model).
    func backgroundPreferenceChanged() {
        holdInBackgroundIfWanted()
        if let failure = Autostart.set(settings.refreshInBackground) { notify(failure) }
    }

    /// `--background`: no window; the library opens and the feeds refresh on schedule.
    func startInBackground() {
        withLibrary { [weak self] service in
            guard service != nil else { return }
            self?.startAutomaticRefresh()
        }
    }

    /// Whether a launch shows the window: not `--background`; a forwarded launch that only
    /// asks for library work (`lectern --refresh`) leaves a window that is not showing hidden.
    func showsWindow(for options: LaunchOptions, remote: Bool) -> Bool {
        if options.background { return false }
        if options.themePicker || options.screenshot != nil || !remote { return true }
        let onlyLibraryWork = !options.library.isEmpty || options.sync
        return !onlyLibraryWork || mainWindow.map { gtk_widget_get_visible($0.window) != 0 } == true
    }
}
