import Foundation
import Localization

/// Reads theme folders for ``ThemeCatalog``, enforcing unique names and collecting warnings.
struct CatalogLoader {
    private(set) var entries: [ThemeEntry] = []
    private(set) var warnings: [String] = []
    /// Lower-cased name → the entry that claimed it first.
    private var claimed: [String: (file: String, origin: ThemeOrigin, name: String)] = [:]

    /// Loads every `*.json` file in `directory`, in file-name order.
    mutating func load(directory: URL, origin: ThemeOrigin) {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension.lowercased() == "json" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            // A missing user folder is normal; a missing built-in folder is a broken install.
            let exists = FileManager.default.fileExists(atPath: directory.path)
            if origin == .builtIn || exists {
                warnings.append(origin == .builtIn
                    ? tr("built-in themes could not be read from {path}", ["path": directory.path])
                    : tr("user themes could not be read from {path}", ["path": directory.path]))
            }
            return
        }
        for file in files { add(file: file, origin: origin) }
    }

    private mutating func add(file: URL, origin: ThemeOrigin) {
        let fileName = file.lastPathComponent
        let theme: Theme
        do {
            theme = try ThemeFile.load(file)
        } catch {
            let name = ThemeFile.declaredName(at: file) ?? file.deletingPathExtension().lastPathComponent
            append(ThemeEntry(name: name, origin: origin,
                              file: file, result: .failure(error)), warning: "\(error)")
            return
        }
        let key = theme.name.lowercased()
        if let first = claimed[key] {
            if first.origin == .builtIn && origin == .user {
                let warning = tr("user theme \"{theme}\" ({file}) is shadowed by the built-in \"{builtIn}\"; the built-in is used",
                                 ["theme": theme.name, "file": fileName, "builtIn": first.name])
                append(ThemeEntry(name: theme.name, origin: origin, file: file,
                                  result: .failure(.shadowsBuiltIn(file: fileName, name: theme.name)),
                                  warnings: [warning]), warning: warning)
            } else {
                let error = ThemeError.duplicateName(file: fileName, name: theme.name, firstFile: first.file)
                append(ThemeEntry(name: theme.name, origin: origin, file: file, result: .failure(error)),
                       warning: "\(error)")
            }
            return
        }
        claimed[key] = (fileName, origin, theme.name)
        let findings = ContrastChecker.findings(for: theme).map {
            tr("{theme}: contrast: {finding}", ["theme": theme.name, "finding": $0.description])
        }
        append(ThemeEntry(name: theme.name, origin: origin, file: file, result: .success(theme),
                          warnings: findings), warnings: findings)
    }

    private mutating func append(_ entry: ThemeEntry, warning: String) {
        append(entry, warnings: [warning])
    }

    private mutating func append(_ entry: ThemeEntry, warnings newWarnings: [String]) {
        entries.append(entry)
        warnings += newWarnings
    }
}
