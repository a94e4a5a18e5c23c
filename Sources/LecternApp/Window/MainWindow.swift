import CGtk4
import GtkBridge

/// The main window: a header bar over three panes — sidebar, article list, reader.
/// Styled only through CSS classes (`sidebar`, `article-list`, `reader`, …).
@MainActor
final class MainWindow {
    let window: WidgetPointer
    private let settings: Settings
    private let banner = NoticeBanner()
    private var outerPaned: WidgetPointer?
    private var innerPaned: WidgetPointer?

    init(application: UnsafeMutablePointer<GtkApplication>, settings: Settings) {
        self.settings = settings
        window = gtk_application_window_new(application)
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        gtk_window_set_title(gtkWindow, "Lectern")
        gtk_window_set_default_size(gtkWindow, Int32(settings.windowWidth), Int32(settings.windowHeight))
        if settings.windowMaximized { gtk_window_maximize(gtkWindow) }
        gtk_window_set_titlebar(gtkWindow, HeaderBar.make())
        gtk_window_set_child(gtkWindow, Widgets.box(GTK_ORIENTATION_VERTICAL, [banner.widget, makePanes()]))
        Widgets.addClasses(window, ["lectern-window"])
        Signals.connectReturningBool(UnsafeMutableRawPointer(window), "close-request") { [weak self] in
            self?.rememberGeometry()
            return false
        }
    }

    func present() {
        gtk_window_present(cast(window))
    }

    /// Copies the window's unmaximized size and maximized state into the settings.
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

    /// Re-reads the library into the panes.
    func reloadLibrary() {}

    /// Shows a message in the banner above the panes until the user dismisses it.
    func showNotice(_ message: String) {
        banner.show(message)
    }

    private func makePanes() -> WidgetPointer {
        let content = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        let listAndReader = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        configure(listAndReader, start: ArticleListPane.make(), end: ReaderPane.make(),
                  position: Int32(settings.articleListWidth))
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
