import Foundation
import Localization

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
        let values: KeyValuePairs<String, any Sendable> = [
            "variant": variantName, "foreground": foreground.rawValue, "background": background.rawValue,
            "ratio": Self.format(ratio), "required": Self.format(required), "kind": kindName,
            "color": suggestion?.hex ?? "",
        ]
        if suggestion != nil {
            // Translators: {variant} is "light" or "dark", {foreground} and {background} are colour tokens,
            // {ratio} and {required} contrast ratios such as 4.5, {kind} "body text" or "interface element",
            // {color} the colour that would pass, written in hexadecimal.
            return tr("{variant}: {foreground} on {background} is {ratio}:1, needs {required}:1 ({kind}); try {foreground} {color}",
                      values)
        }
        if !passes {
            // Translators: {variant} is "light" or "dark", {foreground} and {background} are colour tokens,
            // {ratio} and {required} contrast ratios such as 4.5, {kind} "body text" or "interface element".
            return tr("{variant}: {foreground} on {background} is {ratio}:1, needs {required}:1 ({kind}); no lightness of this hue passes, change the background",
                      values)
        }
        // Translators: {variant} is "light" or "dark", {foreground} and {background} are colour tokens,
        // {ratio} and {required} contrast ratios such as 4.5, {kind} "body text" or "interface element".
        return tr("{variant}: {foreground} on {background} is {ratio}:1, needs {required}:1 ({kind})", values)
    }

    /// The theme's variant, as the finding names it.
    private var variantName: String {
        switch scheme {
        case .light: tr(context: "theme variant", "light")
        case .dark: tr(context: "theme variant", "dark")
        }
    }

    /// What the pair is, as the finding names it.
    private var kindName: String {
        rule.kind == .body ? tr("body text") : tr("interface element")
    }

    /// A ratio rounded down to two decimals, without trailing zeros (`4.5`, `7`, `3.92`).
    static func format(_ ratio: Double) -> String {
        CSSGenerator.number((ratio * 100).rounded(.down) / 100)
    }
}
