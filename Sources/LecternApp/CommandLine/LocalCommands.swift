import Foundation
import GtkBridge
import Library
import Localization
import Theming

/// The flags that only print: answered in the launching process, with no window, no
/// running instance and no display. Each returns the process's exit status.
@MainActor
enum LocalCommands {
    static func listThemes(_ catalog: ThemeCatalog) -> Int32 {
        for entry in catalog.entries {
            print(entry.summary)
            if let theme = entry.theme {
                // Translators: the theme's light look, in `lectern --list-themes`.
                print("    " + tr("light: {description}", ["description": translated(theme.description(for: .light))]))
                // Translators: the theme's dark look; the two spaces line the text up with the line above.
                print("    " + tr("dark:  {description}", ["description": translated(theme.description(for: .dark))]))
            }
        }
        return 0
    }

    static func validateTheme(path: String) -> Int32 {
        let validation = ThemeValidation(file: URL(filePath: path))
        validation.report.forEach { print($0) }
        return validation.isValid ? 0 : 1
    }

    /// Writes the corrected copy of a theme that fails contrast: 0 written, 1 not.
    static func fixContrast(path: String) -> Int32 {
        do {
            let copy = try ContrastFix.writeCorrectedCopy(of: URL(filePath: path))
            let name = (try? ThemeFile.load(copy))?.name ?? copy.lastPathComponent
            print(tr("Wrote {path}: \"{theme}\" passes every contrast check", ["path": copy.path, "theme": name]))
            return 0
        } catch {
            printError("lectern: \(error)")
            return 1
        }
    }

    static func printCSS(theme: Theme, scheme: ColorScheme, textScale: Double, readingFont: String?) -> Int32 {
        print(CSSGenerator.css(for: theme, scheme: scheme, textScale: textScale, readingFont: readingFont), terminator: "")
        return 0
    }

    /// Parses a feed file or URL and prints the JSON of docs/inspect-feed.md:
    /// 0 parsed, 1 not a feed, 2 the argument could not be read.
    static func inspectFeed(_ argument: String) -> Int32 {
        var writeError: (any Error)?
        do {
            try FeedInspection.write(argument, appVersion: LecternVersion.string) { piece in
                guard writeError == nil else { return }
                do { try FileHandle.standardOutput.write(contentsOf: UnsafeRawBufferPointer(piece)) } catch { writeError = error }
            }
            if let writeError {
                printError("lectern: " + tr("could not write the JSON to standard output: {error}",
                                            ["error": writeError.localizedDescription]))
                return 1
            }
            print("")
            return 0
        } catch {
            printError("lectern: \(error)")
            if case .unreadable = error { return 2 }
            return 1
        }
    }

    /// Finds the article in a web page (a file or URL) and prints the JSON of
    /// docs/extract-article.md: 0 found, 1 no article, 2 a bad argument.
    static func extractArticle(_ argument: String, baseURL: String?) -> Int32 {
        var base: URL?
        if let baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) else {
                printError("lectern: " + tr("--base-url needs an absolute http(s) or file URL, not \"{url}\"", ["url": baseURL]))
                return 2
            }
            base = url
        }
        do {
            print(try ArticleInspection.json(argument, baseURL: base, appVersion: LecternVersion.string))
            return 0
        } catch {
            printError("lectern: \(error)")
            if case .unreadable = error { return 2 }
            return 1
        }
    }

    /// Runs `work` to its end on the main loop of this window-less process (library work off
    /// the main thread, reporting back to it); `fallback` only if it never answered.
    static func wait<T>(orElse fallback: T, _ work: @escaping @MainActor () async -> T) -> T {
        MainLoopBridge.install()
        var result: T?
        Task { @MainActor in result = await work() }
        MainLoop.iterate(until: { result != nil }, timeout: .infinity)
        return result ?? fallback
    }

    nonisolated static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
