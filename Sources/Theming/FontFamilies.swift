import Foundation
import Localization

/// Reads and writes font-family lists, e.g. `["Literata", "Georgia", "serif"]`.
enum FontFamilies {
    /// CSS generic families, written without quotes.
    static let generic: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy",
                                       "system-ui", "emoji", "math", "fangsong", "ui-serif",
                                       "ui-sans-serif", "ui-monospace", "ui-rounded"]
    /// Characters that could break out of a quoted CSS string or a rule.
    static let forbidden: Set<Character> = ["\"", "'", "\\", ";", "{", "}", "<", ">"]

    /// Reads `key` as a list of family names (a single string may also be given, with names
    /// separated by commas). Returns nil when the key is absent.
    static func read(_ group: TokenReader, _ key: String) throws(ThemeError) -> [String]? {
        guard let value = group.object[key] else { return nil }
        let path = group.path(key)
        var names: [String]
        switch value {
        case let .string(text):
            names = text.split(separator: ",").map(String.init)
        case let .array(items):
            names = []
            for (index, item) in items.enumerated() {
                guard case let .string(name) = item else {
                    throw .wrongType(file: group.file, path: "\(path)[\(index)]",
                                     expected: tr("a font family name"), found: item.kind)
                }
                names.append(name)
            }
        default:
            throw .wrongType(file: group.file, path: path,
                             expected: tr("a list of font family names"), found: value.kind)
        }
        names = names.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
            throw .invalidValue(file: group.file, path: path, value: "\(names)",
                                reason: tr("needs one or more non-empty family names"))
        }
        if let bad = names.first(where: { !isUsable($0) }) {
            throw .invalidValue(file: group.file, path: path, value: "\"\(bad)\"",
                                reason: tr("is not a usable font family name (at most 100 characters, no quotes, ; {{ }} \\ < > or control characters)"))
        }
        return names
    }

    /// `names` as this machine draws them: the installed family `fonts` says the list comes
    /// to, then the list's generic families. Two themes whose lists come to the same face
    /// (say "Inter, Cantarell" and "Cantarell, Inter" where only Cantarell is installed)
    /// then give the same CSS, and switching between them keeps every text layout: GTK
    /// compares font values, not the faces they pick. Without `fonts`, or when the answer
    /// is not a usable name, `names` is kept as written.
    static func resolved(_ names: [String], by fonts: FontResolver?) -> [String] {
        guard let family = fonts?.installedFamily(for: names)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !family.isEmpty, isUsable(family) else {
            return names
        }
        let generics = names.filter { generic.contains($0.lowercased()) && $0.lowercased() != family.lowercased() }
        return [family] + generics
    }

    /// Whether `name` can be written as a quoted CSS family name: no quote, backslash,
    /// rule punctuation or line break that could end the string or the rule.
    /// A family name fit for CSS: none of the characters that would end its quotes or the
    /// rule, no control character (a NUL), and at most `maximumLength` characters.
    static func isUsable(_ name: String) -> Bool {
        !name.contains(where: forbidden.contains) && !name.contains(where: \.isNewline) && name.count <= maximumLength
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    static let maximumLength = 100

    /// The CSS value for `names`: family names quoted, generic families bare.
    static func css(_ names: [String]) -> String {
        names.map { generic.contains($0.lowercased()) ? $0.lowercased() : "\"\($0)\"" }
            .joined(separator: ", ")
    }
}
