#if canImport(Glibc)
import Glibc
#endif
import CIntl
import Foundation

/// Turns on the user's language: `setlocale`, and Lectern's text domain bound to its `.mo` files.
public enum Localization {
    /// Call once, first thing in `main`, before any text is made.
    public static func start(localeDirectory: URL? = LocaleDirectory.locate()) {
        setlocale(LC_ALL, "")
        LocaleFormats.readCategories()
        if let localeDirectory { bindtextdomain(textDomain, localeDirectory.path) }
        bind_textdomain_codeset(textDomain, "UTF-8")
        textdomain(textDomain)
    }

    /// True when the translation in use writes right to left. Translators say so by translating
    /// the marker "default:LTR" as "default:RTL", GTK's own convention.
    public static var isRightToLeft: Bool {
        tr(context: "text direction", "default:LTR") == "default:RTL"
    }
}

/// Where the `.mo` files are: `$LECTERN_LOCALE_DIR`; `<prefix>/share/locale` for an installed
/// Lectern (`<prefix>/share/lectern` beside `<prefix>/bin/lectern`); `.build/locale` in the checkout
/// the binary was built from, where `make build` puts them.
public enum LocaleDirectory {
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL? = Bundle.main.executableURL,
                              sourceFile: String = #filePath) -> URL? {
        if let override = environment["LECTERN_LOCALE_DIR"], !override.isEmpty {
            return URL(filePath: override, directoryHint: .isDirectory)
        }
        let manager = FileManager.default
        if let executable {
            let prefix = executable.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            if manager.fileExists(atPath: prefix.appending(path: "share/lectern").path) {
                return prefix.appending(path: "share/locale", directoryHint: .isDirectory)
            }
        }
        // Sources/Localization/Localization.swift -> the package root.
        let checkout = URL(filePath: sourceFile).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let built = checkout.appending(path: ".build/locale", directoryHint: .isDirectory)
        return manager.fileExists(atPath: built.path) ? built : nil
    }
}
