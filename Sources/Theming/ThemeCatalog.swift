import Foundation
import Localization

/// Every theme Lectern knows: the built-in files in `Themes/` and the user's files in
/// `$XDG_DATA_HOME/lectern/themes/`, valid or not.
///
/// Names are unique without regard to case. Files are read in file-name order, built-ins
/// first; a later file that reuses a name is listed as invalid. A user theme never replaces
/// a built-in of the same name: the built-in wins and a warning says so.
public struct ThemeCatalog: Sendable {
    /// The theme used when none is chosen, or when the chosen one cannot be used.
    public static let defaultThemeName = "Paper"
    /// The built-in theme for low vision (body text at 7:1 or more).
    public static let highContrastThemeName = "High Contrast"

    /// Built-ins first (Paper first, then by name), then user themes by name; invalid
    /// files are included with their reason.
    public let entries: [ThemeEntry]
    /// Everything worth telling the user: invalid files, shadowed names, contrast findings.
    public let warnings: [String]

    /// Loads every `*.json` file in both folders. `userDirectory` may be nil or absent.
    public init(builtInDirectory: URL, userDirectory: URL?) {
        var loader = CatalogLoader()
        loader.load(directory: builtInDirectory, origin: .builtIn)
        if let userDirectory { loader.load(directory: userDirectory, origin: .user) }
        entries = loader.entries.filter { $0.origin == .builtIn }.sorted(by: Self.builtInOrder)
            + loader.entries.filter { $0.origin == .user }.sorted(by: Self.nameOrder)
        warnings = loader.warnings
    }

    /// The valid themes, in ``entries`` order (drafts included: they are listed to be finished).
    public var themes: [Theme] { entries.compactMap(\.theme) }

    /// The valid, finished theme called `name` (compared without regard to case): a draft is never worn.
    public func theme(named name: String) -> Theme? {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        return themes.first { $0.name.lowercased() == wanted && !$0.isDraft }
    }

    /// The entry called `name`, valid or not (compared without regard to case).
    public func entry(named name: String) -> ThemeEntry? {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        return entries.first { $0.name.lowercased() == wanted }
    }

    /// The valid theme name nearest to `name`, for "unknown theme X, did you mean Y?".
    public func closestName(to name: String) -> String? {
        if let exact = theme(named: name) { return exact.name }
        return EditDistance.closest(to: name, in: themes.filter { !$0.isDraft }.map(\.name))
    }

    /// The theme to use for the chosen `name`: that theme if it is valid, otherwise
    /// ``defaultThemeName`` (or the first valid theme) with a warning to show. The theme is
    /// nil only when no valid theme exists at all.
    public func resolveTheme(named name: String) -> (theme: Theme?, warning: String?) {
        if let theme = theme(named: name) { return (theme, nil) }
        let fallback = theme(named: Self.defaultThemeName) ?? themes.first
        let reason: String
        if let entry = entry(named: name), let error = entry.error {
            reason = tr("theme \"{theme}\" cannot be used: {error}", ["theme": name, "error": "\(error)"])
        } else if entry(named: name)?.theme?.isDraft == true {
            // Translators: a theme saved from the editor while it failed a contrast check.
            reason = tr("theme \"{theme}\" is a draft that fails contrast checks; finish it in the theme editor", ["theme": name])
        } else if let suggestion = closestName(to: name) {
            reason = tr("unknown theme \"{theme}\" (did you mean \"{suggestion}\"?)", ["theme": name, "suggestion": suggestion])
        } else {
            reason = tr("unknown theme \"{theme}\"", ["theme": name])
        }
        // Translators: {reason} says why the chosen theme cannot be used, e.g. unknown theme "Papr".
        guard let fallback else { return (nil, tr("{reason}; no usable theme was found", ["reason": reason])) }
        // Translators: {reason} says why the chosen theme cannot be used; {theme} is the theme used instead.
        return (fallback, tr("{reason}; using \"{theme}\" instead", ["reason": reason, "theme": fallback.name]))
    }

    private static func builtInOrder(_ a: ThemeEntry, _ b: ThemeEntry) -> Bool {
        let aDefault = a.name.lowercased() == defaultThemeName.lowercased() && a.isValid
        let bDefault = b.name.lowercased() == defaultThemeName.lowercased() && b.isValid
        if aDefault != bDefault { return aDefault }
        return nameOrder(a, b)
    }

    private static func nameOrder(_ a: ThemeEntry, _ b: ThemeEntry) -> Bool {
        let (left, right) = (a.name.lowercased(), b.name.lowercased())
        if left != right { return left < right }
        return a.file.lastPathComponent < b.file.lastPathComponent
    }
}
