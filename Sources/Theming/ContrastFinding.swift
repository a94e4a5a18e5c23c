import Foundation

/// The measured contrast of one ``ContrastRule`` in one scheme of a theme.
public struct ContrastFinding: Sendable, Equatable, CustomStringConvertible {
    /// The pair and its kind.
    public let rule: ContrastRule
    /// The scheme measured.
    public let scheme: ColorScheme
    /// The measured WCAG 2 ratio.
    public let ratio: Double
    /// The minimum ratio the pair needs.
    public let required: Double
    /// For a failing pair, the foreground colour nearest to the current one (same hue and
    /// saturation, lightness moved) that passes; nil when it passes or nothing passes.
    public let suggestion: Color?

    /// The token drawn in front.
    public var foreground: ColorToken { rule.foreground }
    /// The token it is drawn on.
    public var background: ColorToken { rule.background }
    /// Whether the pair reaches its minimum.
    public var passes: Bool { ratio >= required }

    /// E.g. `dark: text_secondary on bg_secondary is 3.92:1, needs 4.5:1 (body text); try text_secondary #…`.
    public var description: String {
        let kind = rule.kind == .body ? "body text" : "interface element"
        var text = "\(scheme.rawValue): \(foreground.rawValue) on \(background.rawValue) is "
            + "\(Self.format(ratio)):1, needs \(Self.format(required)):1 (\(kind))"
        if let suggestion {
            text += "; try \(foreground.rawValue) \(suggestion.hex)"
        } else if !passes {
            text += "; no lightness of this hue passes, change the background"
        }
        return text
    }

    /// A ratio rounded down to two decimals, without trailing zeros (`4.5`, `7`, `3.92`).
    static func format(_ ratio: Double) -> String {
        CSSGenerator.number((ratio * 100).rounded(.down) / 100)
    }
}
