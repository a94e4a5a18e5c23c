/// How many of the three panes the main window's width leaves room for. GTK 4.8 has no
/// breakpoints, so the window watches its own width and picks one (`AdaptivePanes`).
enum PaneLayout: String, Sendable {
    /// Sidebar, list and reader side by side.
    case wide
    /// List and reader; the sidebar folds away behind the header's button (F9) and opens over them.
    case medium
    /// One pane at a time — sidebar, list or reader — with a back button.
    case narrow

    /// The narrowest window that shows all three panes.
    static let wideFrom = 1000
    /// The narrowest window that shows two. Below it, one: down to 360 px, GNOME's phone width.
    static let mediumFrom = 600

    init(width: Int) {
        self = width >= Self.wideFrom ? .wide : width >= Self.mediumFrom ? .medium : .narrow
    }
}

/// The pane the narrow layout shows, remembered with the window's size (`[window] pane`).
enum NarrowPane: String, CaseIterable, Sendable {
    case sidebar, list, reader

    /// Where Back (the header's button, Alt+Left, Escape) goes from here; nil from the sidebar.
    var back: NarrowPane? {
        switch self {
        case .reader: .list
        case .list: .sidebar
        case .sidebar: nil
        }
    }
}
