/// Why a theme file could not be used. Every message names the file and, where there is
/// one, the token path inside it, e.g.
/// `paper.json: tokens.color.text_link.dark: "#12345" is not a colour`.
public enum ThemeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The file is not JSON, or not a JSON object at the top.
    case notJSON(file: String, reason: String)
    /// A required key is absent (`path` is where it was expected).
    case missing(file: String, path: String)
    /// A key that the format does not define (likely a typo).
    case unknownToken(file: String, path: String, suggestion: String?)
    /// A value of the wrong JSON type.
    case wrongType(file: String, path: String, expected: String, found: String)
    /// A string that is not `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    case invalidColor(file: String, path: String, value: String)
    /// A value of the right type that is out of range or otherwise unusable.
    case invalidValue(file: String, path: String, value: String, reason: String)
    /// Another theme file, read earlier, already uses this name.
    case duplicateName(file: String, name: String, firstFile: String)
    /// A user theme uses the name of a built-in theme; the built-in wins.
    case shadowsBuiltIn(file: String, name: String)
    /// A theme was built in code without every colour token.
    case missingColors(tokens: [String])

    /// A message that says what failed, where, and what to do.
    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot be read (\(reason))"
        case let .notJSON(file, reason):
            return "\(file): not a valid theme file: \(reason)"
        case let .missing(file, path):
            return "\(file): \(path): missing" + Self.hint(forMissing: path)
        case let .unknownToken(file, path, suggestion):
            let hint = suggestion.map { " (did you mean \($0)?)" } ?? ""
            return "\(file): \(path): unknown token\(hint)"
        case let .wrongType(file, path, expected, found):
            return "\(file): \(path): expected \(expected), found \(found)"
        case let .invalidColor(file, path, value):
            return "\(file): \(path): \"\(Self.excerpt(value))\" is not a colour (write #RGB, #RRGGBB or #RRGGBBAA)"
        case let .invalidValue(file, path, value, reason):
            return "\(file): \(path): \(Self.excerpt(value)) \(reason)"
        case let .duplicateName(file, name, firstFile):
            return "\(file): the name \"\(Self.excerpt(name))\" is already used by \(firstFile); "
                + "this theme is ignored until it gets a name of its own"
        case let .shadowsBuiltIn(file, name):
            return "\(file): user theme \"\(Self.excerpt(name))\" has the name of a built-in theme; "
                + "the built-in wins, rename this theme to use it"
        case let .missingColors(tokens):
            return "theme is missing colour tokens: " + tokens.joined(separator: ", ")
        }
    }

    /// A value as quoted in a message: at most 80 characters, so a hostile file cannot
    /// make a message (or a log line, or the picker's card) megabytes long.
    static func excerpt(_ value: String) -> String {
        value.count <= 80 ? value : value.prefix(80) + "…"
    }

    /// The file the error is about, if any.
    public var file: String? {
        switch self {
        case let .unreadable(file, _), let .notJSON(file, _), let .missing(file, _),
             let .unknownToken(file, _, _), let .wrongType(file, _, _, _),
             let .invalidColor(file, _, _), let .invalidValue(file, _, _, _),
             let .duplicateName(file, _, _), let .shadowsBuiltIn(file, _):
            return file
        case .missingColors:
            return nil
        }
    }

    private static func hint(forMissing path: String) -> String {
        if path.hasPrefix("tokens.color.") {
            return " (every colour token needs a \"light\" and a \"dark\" value)"
        }
        if path.hasPrefix("description") {
            return " (give a \"light\" and a \"dark\" description)"
        }
        return ""
    }
}
