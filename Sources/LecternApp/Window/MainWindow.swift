import CGtk4
import CLecternWidgets
import GtkBridge
import Localization

/// The main window: a header bar over three panes — sidebar, article list, reader — or,
/// for an empty library, the welcome page. Styled only through CSS classes. The panes are
/// empty until the library is open (`attach`); a long schema upgrade shows its own page.
/// The panes are arranged for the window's width (`AdaptivePanes`): three, two or one.
@MainActor
final class MainWindow {
    let window: WidgetPointer
    let refreshButton = RefreshButton()
    let addFeed = AddFeedPopover()
    let playerBar = PlayerBar()
    private(set) var session: ReadingSession?
    private let settings: Settings
    private let banner = NoticeBanner()
    private let undoBar = UndoBar()
    private let upgradePage = UpgradePage()
    private let pages = PageStack(transition: GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    private let panes: AdaptivePanes
    private var widthWatch: WidthWatch?
    /// The header's window buttons: the close button alone (a narrow window), or the desktop's.
    private var closeButtonOnly = false
    private let backButton = Widgets.iconButton("go-previous-symbolic", tooltip: "", action: "app.go-back")
    private let sidebarButton = Widgets.iconButton("sidebar-show-symbolic", tooltip: "", action: "app.toggle-sidebar")

    init(application: UnsafeMutablePointer<GtkApplication>, settings: Settings) {
        self.settings = settings
        window = gtk_application_window_new(application)
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        gtk_window_set_title(gtkWindow, "Lectern")
        lectern_keep_frame_memory(gtkWindow)
        gtk_window_set_default_size(gtkWindow, Int32(settings.windowWidth), Int32(settings.windowHeight))
        if settings.windowMaximized { gtk_window_maximize(gtkWindow) }
        // The layout the remembered width asks for, so that the first frame has it; a maximized
        // window is measured once it is mapped.
        panes = AdaptivePanes(layout: settings.windowMaximized ? .wide : PaneLayout(width: settings.windowWidth),
                              narrowPane: settings.windowPane, sidebarWidth: settings.sidebarWidth,
                              listWidth: settings.articleListWidth)
        panes.setPanes(sidebar: SidebarPane.make(), list: ArticleListPane.make(), reader: ReaderPane.make())
        // Translators: {keys} is Alt+Left (Alt+Right where text runs right to left).
        Accessibility.name(backButton, tr("Back"), tooltip: tr("Back ({keys})", ["keys": Localization.isRightToLeft ? "Alt+Right" : "Alt+Left"]))
        Accessibility.name(sidebarButton, tr("Show Sidebar"), tooltip: tr("Show Sidebar (F9)"))
        gtk_window_set_titlebar(gtkWindow, HeaderBar.make(navigation: [backButton, sidebarButton], addFeed: addFeed.button,
                                                          refresh: refreshButton.widget))
        pages.add(panes.widget, name: "reading")
        pages.add(WelcomePage.make(), name: "welcome")
        pages.add(upgradePage.widget, name: "upgrade")
        gtk_window_set_child(gtkWindow, Widgets.box(GTK_ORIENTATION_VERTICAL, [banner.widget, undoBar.widget, pages.widget, playerBar.widget]))
        Widgets.addClasses(window, ["lectern-window"])
        connect(window, .closeRequest) { [weak self] in
            self?.rememberGeometry()
            return false
        }
        // The focus moving into the reader's text (F6; a narrow window opening an article) leaves
        // it unselected: GTK would otherwise select a whole paragraph as it takes the focus.
        if let gtkSettings = gtk_settings_get_default() {
            Properties.setBool(UnsafeMutableRawPointer(gtkSettings), "gtk-label-select-on-focus", false)
        }
        panes.onChange = { [weak self] in
            guard let self else { return }
            showNavigation()
            session?.sidebar.fingerSized = panes.layout == .narrow   // a narrow window's rows are for a finger
        }
        showNavigation()
        widthWatch = WidthWatch(window) { [weak self] width in self?.panes.fit(width: width) }
        Keyboard.onEscape(window, unlessUnused: { [weak self] in self?.panes.goBack() ?? false })
    }

    /// Puts the library's panes in the window, once the library is open.
    func attach(_ session: ReadingSession) {
        self.session = session
        session.onUndoable = { [weak self] message, undo in self?.undoBar.show(message, undo: undo) }
        session.list.onTabForward = { [weak self] in self?.cyclePanes(backwards: false) }
        session.sidebar.onTab = { [weak self] backwards in self?.cyclePanes(backwards: backwards) }
        session.onViewChosen = { [weak self] in self?.panes.viewChosen() }
        session.onArticleWanted = { [weak self] in self?.panes.readerWanted() ?? false }
        panes.setPanes(sidebar: session.sidebar.widget, list: session.list.widget, reader: session.reader.widget)
        panes.onResize = { [weak session] resizing in session?.reader.widthChanging(resizing) }
        session.sidebar.fingerSized = panes.layout == .narrow
        panes.focusers = [.sidebar: { [weak session] in session?.sidebar.focusRows() },
                          .list: { [weak session] in session?.list.focusRows() },
                          .reader: { [weak session] in session?.reader.focusArticle() }]
        // Nothing is open in the reader yet: a narrow window starts at the list.
        if panes.narrowPane == .reader { panes.show(.list) }
        // A window not yet on screen shows its focus ring until GTK hides it as it maps the
        // window: the first row would open ringed, the ring fading out.
        if gtk_widget_get_mapped(window) == 0 { gtk_window_set_focus_visible(cast(window), 0) }
        panes.focusFirstPane()
        showWelcomeIfEmpty()
    }

    /// While the library's schema is upgraded (it took more than a moment): say so.
    func showUpgrade(articles: Int) {
        upgradePage.describe(articles: articles)
        pages.show("upgrade")
        showNavigation()
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
        var parts: [WidgetPointer] = []
        if let header = gtk_window_get_titlebar(cast(window)) { parts.append(header) }
        if session != nil { parts += panes.shownPanes }
        let reader = session?.reader
        PaneCycle.move(in: window, panes: parts, backwards: backwards) { pane, direction in
            // The reader as a whole, as when a narrow window brings it forward.
            if let reader, pane == reader.widget { return reader.focusArticle() }
            return gtk_widget_child_focus(pane, direction) != 0
        }
    }

    /// Back (the header's button, Alt+Left, Escape): the previous pane of a narrow window.
    func goBack() {
        panes.goBack()
    }

    /// How many panes the window shows now.
    var paneLayout: PaneLayout { panes.layout }

    /// F9 and the header's button: the sidebar of a window too narrow to show it beside the list.
    func toggleSidebar() {
        panes.toggleSidebar()
    }

    /// Closing only hides the window (Lectern keeps running in the background); it comes back as it was.
    func setHideOnClose(_ hide: Bool) {
        gtk_window_set_hide_on_close(cast(window), hide ? 1 : 0)
    }

    /// The welcome page while the library has no subscriptions, the panes otherwise.
    func showWelcomeIfEmpty() {
        let empty = !(session?.hasSubscriptions ?? false)
        pages.show(empty ? "welcome" : "reading")
        showNavigation()
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
        if panes.layout == .wide {
            (settings.sidebarWidth, settings.articleListWidth) = panes.paneWidths
        } else if panes.layout == .medium {
            settings.articleListWidth = panes.paneWidths.list
        }
        settings.windowPane = panes.narrowPane
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

    /// The header shows Back in a narrow window (but not on its first pane) and the sidebar's
    /// button in a medium one; neither over the welcome page, which has no panes to go to.
    private func showNavigation() {
        let narrow = panes.layout == .narrow, reading = pages.shown == "reading"
        gtk_widget_set_visible(backButton, reading && narrow && panes.narrowPane != .sidebar ? 1 : 0)
        gtk_widget_set_visible(sidebarButton, reading && panes.layout == .medium ? 1 : 0)
        // A narrow window keeps only the close button, as a phone's does: no room for three. Set
        // only when that changes: GTK makes the window's buttons anew for each layout it is given.
        if narrow != closeButtonOnly, let header = gtk_window_get_titlebar(cast(window)) {
            closeButtonOnly = narrow
            gtk_header_bar_set_decoration_layout(OpaquePointer(header), narrow ? ":close" : nil)
        }
        playerBar.fit(narrow: narrow)
    }
}
