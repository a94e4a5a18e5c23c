import CGtk4
import Library

/// What GNOME Shell's search asks of the application (ShellSearchProvider).
extension LecternApplication: ShellSearchHost {
    var searchableStore: LibraryStore? { libraryService?.store }

    func showArticle(id: Int64, searchingFor text: String, timestamp: UInt32) {
        activate()
        mainWindow?.present(timestamp: timestamp)
        showArticle(id: id, orSearch: text)
    }

    func showSearch(_ text: String, timestamp: UInt32) {
        activate()
        mainWindow?.present(timestamp: timestamp)
        mainWindow?.session?.search(for: text)
    }
}
