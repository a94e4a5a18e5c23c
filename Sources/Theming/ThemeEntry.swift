import Foundation
import Localization

/// Where a theme file comes from.
public enum ThemeOrigin: String, Sendable, Equatable {
    /// Shipped with Lectern in `Themes/`.
    case builtIn = "built-in"
    /// Found in `$XDG_DATA_HOME/lectern/themes/`.
    case user
}

/// One theme file as the catalog found it: valid (with its theme) or invalid (with the reason).
public struct ThemeEntry: Sendable {
    /// The theme's name; for a file that could not be read, its file name without `.json`.
    public let name: String
    /// Built-in or user.
    public let origin: ThemeOrigin
    /// The file.
    public let file: URL
    /// The theme, or why it cannot be used.
    public let result: Result<Theme, ThemeError>
    /// Things worth knowing about a usable theme (contrast findings, for instance).
    public let warnings: [String]

    /// Creates an entry.
    public init(name: String, origin: ThemeOrigin, file: URL, result: Result<Theme, ThemeError>,
                warnings: [String] = []) {
        self.name = name
        self.origin = origin
        self.file = file
        self.result = result
        self.warnings = warnings
    }

    /// The theme when the entry is valid.
    public var theme: Theme? {
        if case let .success(theme) = result { return theme }
        return nil
    }

    /// The reason when the entry is invalid.
    public var error: ThemeError? {
        if case let .failure(error) = result { return error }
        return nil
    }

    /// Whether the theme can be used.
    public var isValid: Bool { theme != nil }

    /// One line for `--list-themes`: `Paper (built-in)` or `Broken (user, invalid: …)`.
    public var summary: String {
        switch (origin, error) {
        case (.builtIn, nil): tr("{theme} (built-in)", ["theme": name])
        case (.user, nil): tr("{theme} (user)", ["theme": name])
        case (.builtIn, let error?): tr("{theme} (built-in, invalid: {error})", ["theme": name, "error": "\(error)"])
        case (.user, let error?): tr("{theme} (user, invalid: {error})", ["theme": name, "error": "\(error)"])
        }
    }
}
