import CGtk4
import GtkBridge

/// What a feature may ask of the application: the few things that are the whole app's and no
/// one feature's — its action map, the settings, the main window, a message for the user, and
/// the word that the library changed. Features talk to each other through the narrow calls
/// `Features` wires, never through each other's state (docs/features.md).
@MainActor
protocol AppShell: AnyObject {
    /// The GApplication, whose action map each feature registers its own actions in.
    var gApplication: UnsafeMutablePointer<GApplication> { get }
    var gtkApplication: UnsafeMutablePointer<GtkApplication> { get }
    var settings: Settings { get }
    /// The main window, once one was asked for.
    var mainWindow: MainWindow? { get }
    /// Shows the main window, creating it on first use.
    func activate()
    /// A message for the user: in the window's banner (or when it opens), and in the log.
    func notify(_ message: String)
    /// The library changed (a refresh, an import, accounts): the window and Preferences show it.
    func libraryDidChange()
    /// Ends Lectern with `status` (nil: the main loop's own), the window's geometry remembered.
    func quit(status: Int32?)
}

extension AppShell {
    /// The action map, where `Actions.add` registers an `app.` action.
    var actionMap: UnsafeMutableRawPointer { UnsafeMutableRawPointer(gApplication) }
}
