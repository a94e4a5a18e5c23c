import CGtk4
import Library

/// What GNOME Shell's search asks of Lectern (ShellSearchProvider).
extension Features: ShellSearchHost {
    var searchableStore: LibraryStore? { library.service?.store }

    func showArticle(id: Int64, searchingFor text: String, timestamp: UInt32) {
        shell.activate()
        shell.mainWindow?.present(timestamp: timestamp)
        reading.showArticle(id: id, orSearch: text)
    }

    func showSearch(_ text: String, timestamp: UInt32) {
        shell.activate()
        shell.mainWindow?.present(timestamp: timestamp)
        shell.mainWindow?.session?.search(for: text)
    }
}
