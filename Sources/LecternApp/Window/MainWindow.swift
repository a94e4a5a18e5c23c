import CGtk4
import GtkBridge

/// The main window: a header bar over three panes — sidebar, article list, reader — or,
/// for an empty library, the welcome page. Styled only through CSS classes. The panes are
/// empty until the library is open (`attach`); a long schema upgrade shows its own page.
@MainActor
final class MainWindow {
    let window: WidgetPointer
    let refreshButton = RefreshButton()
    let addFeed = AddFeedPopover()
    private(set) var session: ReadingSession?
    private let settings: Settings
    private let banner = NoticeBanner()
    private let undoBar = UndoBar()
    private let upgradePage = UpgradePage()
    private let pages = PageStack(transition: GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    private var outerPaned: WidgetPointer?
    private var innerPaned: WidgetPointer?

    init(application: UnsafeMutablePointer<GtkApplication>, settings: Settings) {
        self.settings = settings
        window = gtk_application_window_new(application)
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        gtk_window_set_title(gtkWindow, "Lectern")
        gtk_window_set_default_size(gtkWindow, Int32(settings.windowWidth), Int32(settings.windowHeight))
        if settings.windowMaximized { gtk_window_maximize(gtkWindow) }
        gtk_window_set_titlebar(gtkWindow, HeaderBar.make(addFeed: addFeed.button, refresh: refreshButton.widget))
        pages.add(makePanes(), name: "reading")
        pages.add(WelcomePage.make(), name: "welcome")
        pages.add(upgradePage.widget, name: "upgrade")
        gtk_window_set_child(gtkWindow, Widgets.box(GTK_ORIENTATION_VERTICAL, [banner.widget, undoBar.widget, pages.widget]))
        Widgets.addClasses(window, ["lectern-window"])
        connect(window, .closeRequest) { [weak self] in
            self?.rememberGeometry()
            return false
        }
    }

    /// Puts the library's panes in the window, once the library is open.
    func attach(_ session: ReadingSession) {
        self.session = session
        session.onUndoable = { [weak self] message, undo in self?.undoBar.show(message, undo: undo) }
        session.list.onTabForward = { [weak self] in self?.cyclePanes(backwards: false) }
        session.sidebar.onTab = { [weak self] backwards in self?.cyclePanes(backwards: backwards) }
        if let outerPaned, let innerPaned {
            gtk_paned_set_start_child(OpaquePointer(outerPaned), session.sidebar.widget)
            gtk_paned_set_start_child(OpaquePointer(innerPaned), session.list.widget)
            gtk_paned_set_end_child(OpaquePointer(innerPaned), session.reader.widget)
        }
        showWelcomeIfEmpty()
    }

    /// While the library's schema is upgraded (it took more than a moment): say so.
    func showUpgrade(articles: Int) {
        upgradePage.describe(articles: articles)
        pages.show("upgrade")
    }

    func present() {
        gtk_window_present(cast(window))
    }

    /// Brings the window forward for the user input at `timestamp` (what the desktop needs to
    /// let a window launched from its search take the focus).
    func present(timestamp: UInt32) {
        gtk_window_present_with_time(cast(window), timestamp)
    }

    /// F6 / Shift+F6: the focus to the next or previous part of the window.
    func cyclePanes(backwards: Bool) {
        var panes: [WidgetPointer] = []
        if let header = gtk_window_get_titlebar(cast(window)) { panes.append(header) }
        if let session { panes += [session.sidebar.widget, session.list.widget, session.reader.widget] }
        PaneCycle.move(in: window, panes: panes, backwards: backwards)
    }

    /// Closing only hides the window (Lectern keeps running in the background); it comes back as it was.
    func setHideOnClose(_ hide: Bool) {
        gtk_window_set_hide_on_close(cast(window), hide ? 1 : 0)
    }

    /// The welcome page while the library has no subscriptions, the panes otherwise.
    func showWelcomeIfEmpty() {
        let empty = !(session?.hasSubscriptions ?? false)
        pages.show(empty ? "welcome" : "reading")
    }

    /// Re-reads the library into the panes.
    func reloadLibrary() {
        session?.libraryChanged()
        showWelcomeIfEmpty()
    }

    /// Copies the window's unmaximized size, maximized state and pane widths into the settings.
    func rememberGeometry() {
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(gtkWindow, &width, &height)
        if width > 0, height > 0 {
            settings.windowWidth = Int(width)
            settings.windowHeight = Int(height)
        }
        settings.windowMaximized = gtk_window_is_maximized(gtkWindow) != 0
        if let outerPaned { settings.sidebarWidth = Int(gtk_paned_get_position(OpaquePointer(outerPaned))) }
        if let innerPaned { settings.articleListWidth = Int(gtk_paned_get_position(OpaquePointer(innerPaned))) }
    }

    /// Told whether there is something to undo (the undo bar shows).
    var onUndoAvailable: (@MainActor (Bool) -> Void)? {
        get { undoBar.onAvailabilityChange }
        set { undoBar.onAvailabilityChange = newValue }
    }

    /// Undoes what the undo bar offers (Ctrl+Z), if it shows.
    func undo() {
        undoBar.perform()
    }

    /// Shows a message in the banner above the panes until the user dismisses it.
    func showNotice(_ message: String) {
        banner.show(message)
    }

    private func makePanes() -> WidgetPointer {
        let content = created(gtk_paned_new(GTK_ORIENTATION_HORIZONTAL))
        let listAndReader = created(gtk_paned_new(GTK_ORIENTATION_HORIZONTAL))
        configure(listAndReader, start: ArticleListPane.make(), end: ReaderPane.make(), position: Int32(settings.articleListWidth))
        configure(content, start: SidebarPane.make(), end: listAndReader, position: Int32(settings.sidebarWidth))
        Widgets.addClasses(content, ["main-panes"])
        Widgets.expand(content)
        outerPaned = content
        innerPaned = listAndReader
        return content
    }

    private func configure(_ paned: WidgetPointer, start: WidgetPointer, end: WidgetPointer, position: Int32) {
        let typed = OpaquePointer(paned)
        gtk_paned_set_start_child(typed, start)
        gtk_paned_set_end_child(typed, end)
        gtk_paned_set_resize_start_child(typed, 0)
        gtk_paned_set_shrink_start_child(typed, 0)
        gtk_paned_set_shrink_end_child(typed, 0)
        gtk_paned_set_position(typed, position)
    }
}
