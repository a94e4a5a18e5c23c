/// A named theme: a description per scheme, every colour token in both variants, and the
/// non-colour tokens (typography, spacing, radii).
///
/// Themes come from theme files (see ``ThemeFile``); the initialiser checks that every
/// colour token is present, so ``color(_:for:)`` always has an answer.
public struct Theme: Sendable, Equatable, Identifiable {
    /// The display name, unique in a catalog (compared without regard to case).
    public let name: String
    /// What the theme looks like, one sentence per variant.
    public let descriptions: Adaptive<String>
    /// Every ``ColorToken`` with its light and dark value.
    public let colors: [ColorToken: Adaptive<Color>]
    /// Font families, sizes, line height and title scale.
    public let typography: Typography
    /// Spacing steps.
    public let spacing: Spacing
    /// Corner radii.
    public let radii: Radii
    /// True for themes built for low vision: body text must reach 7:1 instead of 4.5:1.
    public let isHighContrast: Bool
    /// The file's other flags, in one byte: as more `Bool`s here, a `Result<Theme, ThemeError>`
    /// holding an error crashed when copied, and a flag was lost on the way out of
    /// `throws(ThemeError)` (Swift 6.3, debug build; their spare bits carried the enum's tag).
    private let flags: Flags

    private struct Flags: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        static let draft = Flags(rawValue: 1)
        static let desktopAccent = Flags(rawValue: 2)
    }

    /// True for a theme saved from the editor while it failed a contrast check: the picker
    /// lists it to be finished, and it is never worn.
    public var isDraft: Bool { flags.contains(.draft) }
    /// True for a theme whose accent is the desktop's where the desktop has one (its file's
    /// `desktop_accent`); its own colours are the fallback.
    public var followsDesktopAccent: Bool { flags.contains(.desktopAccent) }

    /// The name identifies a theme.
    public var id: String { name }

    /// Creates a theme; throws ``ThemeError/missingColors(tokens:)`` unless every colour
    /// token has a value (optional tokens take their ``ColorToken/defaultValue``).
    public init(name: String, descriptions: Adaptive<String>, colors: [ColorToken: Adaptive<Color>],
                typography: Typography = .standard, spacing: Spacing = .standard,
                radii: Radii = .standard, isHighContrast: Bool = false, followsDesktopAccent: Bool = false,
                isDraft: Bool = false) throws(ThemeError) {
        var colors = colors
        for token in ColorToken.allCases where colors[token] == nil { colors[token] = token.defaultValue }
        let missing = ColorToken.allCases.filter { colors[$0] == nil }
        guard missing.isEmpty else { throw .missingColors(tokens: missing.map(\.rawValue)) }
        self.name = name
        self.descriptions = descriptions
        self.colors = colors
        self.typography = typography
        self.spacing = spacing
        self.radii = radii
        self.isHighContrast = isHighContrast
        var flags = Flags()
        if isDraft { flags.insert(.draft) }
        if followsDesktopAccent { flags.insert(.desktopAccent) }
        self.flags = flags
    }

    /// The description to show while `scheme` is active.
    public func description(for scheme: ColorScheme) -> String {
        descriptions.resolved(for: scheme)
    }

    /// The value of `token` in `scheme`.
    public func color(_ token: ColorToken, for scheme: ColorScheme) -> Color {
        // The initialiser guarantees every token; the fallback is unreachable.
        colors[token]?.resolved(for: scheme) ?? Color(r: 0.5, g: 0.5, b: 0.5)
    }

    /// Every colour token resolved for `scheme`, in ``ColorToken`` order.
    public func palette(for scheme: ColorScheme) -> [(token: ColorToken, color: Color)] {
        ColorToken.allCases.map { ($0, color($0, for: scheme)) }
    }
}
