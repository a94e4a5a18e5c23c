import Foundation
import Localization

/// Reads one JSON object of a theme file, knowing its path, so every error names the file
/// and the exact token (`tokens.color.text_link.dark`).
struct TokenReader {
    let file: String
    let path: String
    let object: [String: JSONValue]

    /// Wraps `value`, which must be an object.
    init(_ value: JSONValue, file: String, path: String) throws(ThemeError) {
        guard case let .object(object) = value else {
            throw .wrongType(file: file, path: path, expected: tr("an object"), found: value.kind)
        }
        self.file = file
        self.path = path
        self.object = object
    }

    /// The full path of `key` inside this object.
    func path(_ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    /// Rejects any key not in `allowed`, the first one in alphabetical order first.
    func rejectUnknownKeys(allowed: [String]) throws(ThemeError) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw .unknownToken(file: file, path: path(key),
                                suggestion: EditDistance.closest(to: key, in: allowed))
        }
    }

    /// The value at `key`; throws ``ThemeError/missing(file:path:)`` when absent.
    func required(_ key: String) throws(ThemeError) -> JSONValue {
        guard let value = object[key] else { throw .missing(file: file, path: path(key)) }
        return value
    }

    /// The object at `key`, or nil when absent.
    func child(_ key: String) throws(ThemeError) -> TokenReader? {
        guard let value = object[key] else { return nil }
        return try TokenReader(value, file: file, path: path(key))
    }

    /// A required, non-blank string.
    func string(_ key: String) throws(ThemeError) -> String {
        let value = try required(key)
        guard case let .string(text) = value else {
            throw .wrongType(file: file, path: path(key), expected: tr("a string"), found: value.kind)
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .invalidValue(file: file, path: path(key), value: "\"\"", reason: tr("must not be empty"))
        }
        try Self.rejectControls(text, file: file, path: path(key))
        return text
    }

    /// A theme's text is shown in the window and goes into its CSS: a control character
    /// (a NUL, an escape) in it is an error, never passed on.
    static func rejectControls(_ text: String, file: String, path: String) throws(ThemeError) {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) else { return }
        throw .invalidValue(file: file, path: path, value: "\"\(text.unicodeScalars.filter { $0.properties.generalCategory != .control })\"",
                            reason: tr("must not contain control characters"))
    }

    /// An optional true/false value.
    func bool(_ key: String) throws(ThemeError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case let .bool(flag) = value else {
            throw .wrongType(file: file, path: path(key), expected: tr("true or false"), found: value.kind)
        }
        return flag
    }

    /// An optional number that must lie in `range`.
    func number(_ key: String, in range: ClosedRange<Double>, unit: String = "") throws(ThemeError) -> Double? {
        guard let value = object[key] else { return nil }
        guard case let .number(number) = value else {
            throw .wrongType(file: file, path: path(key), expected: tr("a number"), found: value.kind)
        }
        guard range.contains(number) else {
            let limits: KeyValuePairs<String, any Sendable> = ["low": Self.format(range.lowerBound),
                                                               "high": Self.format(range.upperBound), "unit": unit]
            // Translators: {low} and {high} are the limits, {unit} is empty, " pt" or " px".
            let reason = tr("is out of range ({low}–{high}{unit})", limits)
            throw .invalidValue(file: file, path: path(key), value: Self.format(number), reason: reason)
        }
        return number
    }

    /// `{"light": …, "dark": …}` at `key`, both values read by `read(value, pathOfValue)`.
    func adaptive<T>(_ key: String,
                     _ read: (JSONValue, String) throws(ThemeError) -> T) throws(ThemeError) -> Adaptive<T> {
        let pair = try TokenReader(try required(key), file: file, path: path(key))
        try pair.rejectUnknownKeys(allowed: ["light", "dark"])
        let light = try read(try pair.required("light"), pair.path("light"))
        let dark = try read(try pair.required("dark"), pair.path("dark"))
        return Adaptive(light: light, dark: dark)
    }

    /// Reads a colour string at `path`.
    func color(_ value: JSONValue, at path: String) throws(ThemeError) -> Color {
        guard case let .string(text) = value else {
            throw .wrongType(file: file, path: path, expected: tr("a colour string like \"#RRGGBB\""),
                             found: value.kind)
        }
        guard let color = Color(hex: text) else {
            throw .invalidColor(file: file, path: path, value: text)
        }
        return color
    }

    /// Formats a number without a trailing ".0".
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
