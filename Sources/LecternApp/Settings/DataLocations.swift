import CGtk4
import Foundation
import GtkBridge
import Library
import Theming

/// Where Lectern keeps the user's files (XDG base directories, as GLib reads them).
enum DataLocations {
    /// `$XDG_CONFIG_HOME/lectern` — settings.ini.
    static var configDirectory: URL { directory(g_get_user_config_dir()) }
    /// `$XDG_DATA_HOME/lectern` — the library and user themes.
    static var dataDirectory: URL { directory(g_get_user_data_dir()) }
    /// `$XDG_CACHE_HOME/lectern` — images and favicons.
    static var cacheDirectory: URL { directory(g_get_user_cache_dir()) }

    static var settingsFile: URL { configDirectory.appending(path: "settings.ini") }
    static var libraryFile: URL { dataDirectory.appending(path: "library.sqlite") }
    static var userThemesDirectory: URL { dataDirectory.appending(path: "themes", directoryHint: .isDirectory) }
    /// Lectern's own sample list, offered on the welcome page (among Lectern's data, not the user's).
    static var samplesOPML: URL? { ResourceLocator.locate()?.data.appending(path: "samples/samples.opml") }

    /// The library at `file`, which knows the sample list (the one OPML whose local feeds it subscribes).
    nonisolated static func openLibrary(at file: URL) throws(StorageError) -> LibraryService {
        try LibraryService.open(at: file, appVersion: LecternVersion.string, samplesOPML: samplesOPML)
    }

    private static func directory(_ base: UnsafePointer<CChar>?) -> URL {
        let root = string(base) ?? NSTemporaryDirectory()
        return URL(filePath: root, directoryHint: .isDirectory).appending(path: "lectern", directoryHint: .isDirectory)
    }
}
