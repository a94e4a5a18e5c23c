import Foundation
import Localization

/// Reads theme files: JSON with a top-level `name`, a `description` per scheme, an optional
/// `high_contrast` flag, an optional `draft` flag (saved from the editor failing contrast: listed,
/// never chosen), an optional `desktop_accent` flag (the theme wears the desktop's accent
/// colour, fitted by ``DesktopAccent``) and `tokens` (`color`, `typography`, `spacing`, `radius`).
/// The format is documented in `Themes/README.md`.
public enum ThemeFile {
    /// Keys allowed at the top of a theme file.
    static let topLevelKeys = ["name", "description", "high_contrast", "desktop_accent", "draft", "tokens"]
    /// Keys allowed under `tokens`.
    static let tokenGroups = ["color", "typography", "spacing", "radius"]
    /// Keys allowed under `tokens.typography`.
    static let typographyKeys = ["ui_family", "reading_family", "mono_family",
                                 "base_size", "reading_size", "line_height", "title_scale"]
    /// Longest theme name accepted.
    public static let maximumNameLength = 64
    /// Longest description accepted (one per scheme).
    static let maximumDescriptionLength = 600
    /// Largest theme file read: the built-in ones are under 3 KB.
    public static let maximumFileBytes = 256 * 1024

    /// Reads and decodes the theme file at `url`; errors name the file by its last path component.
    public static func load(_ url: URL) throws(ThemeError) -> Theme {
        try decode(try read(url), file: url.lastPathComponent)
    }

    /// The bytes of a theme file, refused unread when it is larger than any theme.
    static func read(_ url: URL) throws(ThemeError) -> Data {
        let file = url.lastPathComponent
        do {
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
            guard size <= maximumFileBytes else {
                throw ThemeError.unreadable(file: file, reason: tr("it is {size} KB, larger than any theme (at most {limit} KB)",
                                                                   ["size": size >> 10, "limit": maximumFileBytes >> 10]))
            }
            return try Data(contentsOf: url)
        } catch let error as ThemeError {
            throw error
        } catch {
            throw .unreadable(file: file, reason: error.localizedDescription)
        }
    }

    /// Decodes a theme from the bytes of a theme file; `file` is used in error messages.
    public static func decode(_ data: Data, file: String) throws(ThemeError) -> Theme {
        let root = try TokenReader(.object(try JSONValue.parseObject(data, file: file)),
                                   file: file, path: "")
        try root.rejectUnknownKeys(allowed: topLevelKeys)
        let name = try root.string("name").trimmingCharacters(in: .whitespacesAndNewlines)
        guard name.count <= maximumNameLength, !name.contains(where: \.isNewline) else {
            throw .invalidValue(file: file, path: "name", value: "\"\(name)\"",
                                reason: tr("must be one line of at most {count} character",
                                           plural: "must be one line of at most {count} characters", count: maximumNameLength))
        }
        let descriptions = try root.adaptive("description") { value, path throws(ThemeError) in
            try describe(value, at: path, file: file)
        }
        let isHighContrast = try root.bool("high_contrast") ?? false
        let followsDesktopAccent = try root.bool("desktop_accent") ?? false
        let isDraft = try root.bool("draft") ?? false
        guard let tokens = try root.child("tokens") else { throw .missing(file: file, path: "tokens") }
        try tokens.rejectUnknownKeys(allowed: tokenGroups)
        guard let colorGroup = try tokens.child("color") else {
            throw .missing(file: file, path: "tokens.color")
        }
        return try Theme(name: name, descriptions: descriptions, colors: try colors(colorGroup),
                         typography: try typography(tokens.child("typography")),
                         spacing: try spacing(tokens.child("spacing")),
                         radii: try radii(tokens.child("radius")),
                         isHighContrast: isHighContrast, followsDesktopAccent: followsDesktopAccent, isDraft: isDraft)
    }

    /// The top-level `"name"` of a file that may be invalid otherwise, so that an invalid
    /// theme can still be listed under its own name.
    static func declaredName(at url: URL) -> String? {
        guard let data = try? read(url),
              let object = try? JSONValue.parseObject(data, file: url.lastPathComponent),
              case let .string(name)? = object["name"] else { return nil }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.count > maximumNameLength ? nil : trimmed
    }

    private static func describe(_ value: JSONValue, at path: String, file: String) throws(ThemeError) -> String {
        guard case let .string(text) = value else {
            throw .wrongType(file: file, path: path, expected: tr("a string"), found: value.kind)
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw .invalidValue(file: file, path: path, value: "\"\"", reason: tr("must not be empty"))
        }
        guard trimmed.count <= maximumDescriptionLength else {
            throw .invalidValue(file: file, path: path, value: "\"\(trimmed)\"",
                                reason: tr("is longer than {count} character", plural: "is longer than {count} characters",
                                           count: maximumDescriptionLength))
        }
        try TokenReader.rejectControls(trimmed, file: file, path: path)
        return trimmed
    }

    private static func colors(_ group: TokenReader) throws(ThemeError) -> [ColorToken: Adaptive<Color>] {
        try group.rejectUnknownKeys(allowed: ColorToken.allCases.map(\.rawValue))
        var colors: [ColorToken: Adaptive<Color>] = [:]
        for token in ColorToken.allCases {
            if token.defaultValue != nil, group.object[token.rawValue] == nil { continue } // Theme fills it in
            colors[token] = try group.adaptive(token.rawValue) { value, path throws(ThemeError) in
                try group.color(value, at: path)
            }
        }
        return colors
    }

    private static func typography(_ group: TokenReader?) throws(ThemeError) -> Typography {
        var result = Typography.standard
        guard let group else { return result }
        try group.rejectUnknownKeys(allowed: typographyKeys)
        result.uiFamily = try FontFamilies.read(group, "ui_family") ?? result.uiFamily
        result.readingFamily = try FontFamilies.read(group, "reading_family") ?? result.readingFamily
        result.monoFamily = try FontFamilies.read(group, "mono_family") ?? result.monoFamily
        let sizes = Typography.sizeRange
        result.baseSize = try group.number("base_size", in: sizes, unit: " pt") ?? result.baseSize
        result.readingSize = try group.number("reading_size", in: sizes, unit: " pt") ?? result.readingSize
        result.lineHeight = try group.number("line_height", in: Typography.lineHeightRange)
            ?? result.lineHeight
        if let scale = try group.child("title_scale") {
            try scale.rejectUnknownKeys(allowed: TitleScale.keys)
            var levels = result.titleScale.levels
            for (index, key) in TitleScale.keys.enumerated() {
                levels[index] = try scale.number(key, in: Typography.titleScaleRange) ?? levels[index]
            }
            result.titleScale = TitleScale(title1: levels[0], title2: levels[1],
                                           title3: levels[2], title4: levels[3])
        }
        return result
    }

    private static func spacing(_ group: TokenReader?) throws(ThemeError) -> Spacing {
        let standard = Spacing.standard
        guard let group else { return standard }
        try group.rejectUnknownKeys(allowed: Spacing.keys)
        let range = Spacing.range
        return Spacing(xs: try group.number("xs", in: range, unit: " px") ?? standard.xs,
                       s: try group.number("s", in: range, unit: " px") ?? standard.s,
                       m: try group.number("m", in: range, unit: " px") ?? standard.m,
                       l: try group.number("l", in: range, unit: " px") ?? standard.l,
                       xl: try group.number("xl", in: range, unit: " px") ?? standard.xl)
    }

    private static func radii(_ group: TokenReader?) throws(ThemeError) -> Radii {
        let standard = Radii.standard
        guard let group else { return standard }
        try group.rejectUnknownKeys(allowed: Radii.keys)
        let range = Radii.range
        return Radii(small: try group.number("small", in: range, unit: " px") ?? standard.small,
                     medium: try group.number("medium", in: range, unit: " px") ?? standard.medium,
                     large: try group.number("large", in: range, unit: " px") ?? standard.large)
    }
}
