import Localization

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
            return tr("{file}: cannot be read ({reason})", ["file": file, "reason": reason])
        case let .notJSON(file, reason):
            return tr("{file}: not a valid theme file: {reason}", ["file": file, "reason": reason])
        case let .missing(file, path):
            return Self.missingMessage(file: file, path: path)
        case let .unknownToken(file, path, suggestion?):
            // Translators: {path} and {suggestion} are keys of a theme file, e.g. tokens.color.text_link.
            return tr("{file}: {path}: unknown token (did you mean {suggestion}?)",
                      ["file": file, "path": path, "suggestion": suggestion])
        case let .unknownToken(file, path, nil):
            return tr("{file}: {path}: unknown token", ["file": file, "path": path])
        case let .wrongType(file, path, expected, found):
            // Translators: {expected} and {found} are kinds of value, e.g. "a string", "a number".
            return tr("{file}: {path}: expected {expected}, found {found}",
                      ["file": file, "path": path, "expected": expected, "found": found])
        case let .invalidColor(file, path, value):
            return tr("{file}: {path}: \"{value}\" is not a colour (write #RGB, #RRGGBB or #RRGGBBAA)",
                      ["file": file, "path": path, "value": Self.excerpt(value)])
        case let .invalidValue(file, path, value, reason):
            // Translators: {reason} says what is wrong with {value}, e.g. "must not be empty".
            return tr("{file}: {path}: {value} {reason}",
                      ["file": file, "path": path, "value": Self.excerpt(value), "reason": reason])
        case let .duplicateName(file, name, firstFile):
            return tr("{file}: the name \"{name}\" is already used by {firstFile}; this theme is ignored until it gets a name of its own",
                      ["file": file, "name": Self.excerpt(name), "firstFile": firstFile])
        case let .shadowsBuiltIn(file, name):
            return tr("{file}: user theme \"{name}\" has the name of a built-in theme; the built-in wins, rename this theme to use it",
                      ["file": file, "name": Self.excerpt(name)])
        case let .missingColors(tokens):
            return tr("theme is missing colour tokens: {tokens}", ["tokens": tokens.joined(separator: ", ")])
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

    private static func missingMessage(file: String, path: String) -> String {
        if path.hasPrefix("tokens.color.") {
            return tr("{file}: {path}: missing (every colour token needs a \"light\" and a \"dark\" value)",
                      ["file": file, "path": path])
        }
        if path.hasPrefix("description") {
            return tr("{file}: {path}: missing (give a \"light\" and a \"dark\" description)", ["file": file, "path": path])
        }
        return tr("{file}: {path}: missing", ["file": file, "path": path])
    }
}
