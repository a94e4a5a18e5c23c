import CGtk4
import Foundation
import GtkBridge
import Library

/// Running without a window. With "Keep refreshing in the background" on (or started with
/// `--background`), Lectern holds itself running, closing the window only hides it, and the
/// automatic refresh and its notifications go on; Quit (Ctrl+Q) always ends it. Turning the
/// preference on or off also adds or removes Lectern from the programs started at login.
/// Started by D-Bus (`--gapplication-service`, for GNOME Shell's search), Lectern has no window
/// and no hold, and quits once idle, until a window is asked for.
@MainActor
final class BackgroundFeature {
    private unowned let shell: AppShell
    /// Started with `--background`: no window, no styles until one is asked for.
    private(set) var launchedInBackground = false
    /// Started by D-Bus for the Shell's search.
    private(set) var startedByDBus = false
    /// True while Lectern holds itself running with no window.
    private(set) var held = false

    /// How long a Lectern started by D-Bus waits for another search before it quits.
    static let idleQuitMilliseconds: guint = 30_000

    init(shell: AppShell, launchedInBackground: Bool) {
        self.shell = shell
        self.launchedInBackground = launchedInBackground
        startedByDBus = g_application_get_flags(shell.gApplication).rawValue & G_APPLICATION_IS_SERVICE.rawValue != 0
        if startedByDBus { g_application_set_inactivity_timeout(shell.gApplication, Self.idleQuitMilliseconds) }
    }

    /// Whether nothing is styled at start-up: no window is coming yet.
    var startsWithoutWindow: Bool { launchedInBackground || startedByDBus }

    /// Holds (or releases) the process as the preference and the launch want.
    func holdIfWanted() {
        let wanted = shell.settings.refreshInBackground || launchedInBackground
        if wanted, !held {
            g_application_hold(shell.gApplication)
            held = true
        } else if !wanted, held {
            g_application_release(shell.gApplication)
            held = false
        }
        shell.mainWindow?.setHideOnClose(held)
    }

    /// At start-up: a D-Bus-started Lectern holds nothing until a window is asked for.
    func started() {
        if !startedByDBus { holdIfWanted() }
    }

    /// A window is asked for: a Lectern D-Bus started for a search becomes the usual one.
    func windowWanted() {
        if startedByDBus { holdIfWanted() }
    }

    /// The preference changed (Preferences, or the keyfile through the model).
    func preferenceChanged() {
        holdIfWanted()
        if let failure = Autostart.set(shell.settings.refreshInBackground) { shell.notify(failure) }
    }

    /// Whether a launch shows the window: not `--background`; a forwarded launch that only
    /// asks for library work (`lectern --refresh`) leaves a window that is not showing hidden.
    func showsWindow(for options: LaunchOptions, remote: Bool) -> Bool {
        if options.background { return false }
        if options.themePicker || options.screenshot != nil || !remote { return true }
        let onlyLibraryWork = !options.library.isEmpty || options.sync
        return !onlyLibraryWork || shell.mainWindow.map { gtk_widget_get_visible($0.window) != 0 } == true
    }
}
