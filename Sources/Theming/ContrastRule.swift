/// One foreground/background pair that must reach a minimum WCAG 2 contrast ratio.
public struct ContrastRule: Sendable, Equatable {
    /// Whether the pair carries reading text or is an interface element.
    public enum Kind: String, Sendable, Equatable {
        /// Text people read: 4.5:1 (WCAG AA), 7:1 in a high-contrast theme (AAA).
        case body
        /// Borders, the focus ring and state markers: 3:1, 4.5:1 in a high-contrast theme.
        case ui
    }

    /// The token drawn in front.
    public let foreground: ColorToken
    /// The token it is drawn on.
    public let background: ColorToken
    /// Which threshold applies.
    public let kind: Kind

    /// Creates a rule.
    public init(_ foreground: ColorToken, on background: ColorToken, kind: Kind) {
        self.foreground = foreground
        self.background = background
        self.kind = kind
    }

    /// The minimum ratio for this pair in an ordinary or a high-contrast theme.
    public func requiredRatio(highContrast: Bool) -> Double {
        switch (kind, highContrast) {
        case (.body, false): return 4.5
        case (.body, true): return 7
        case (.ui, false): return 3
        case (.ui, true): return 4.5
        }
    }

    /// Every pair Lectern checks, body text first.
    public static let all: [ContrastRule] = body + ui

    private static let body: [ContrastRule] = [
        .init(.textPrimary, on: .bgPrimary, kind: .body),
        .init(.textPrimary, on: .bgSecondary, kind: .body),
        .init(.textPrimary, on: .bgTertiary, kind: .body),
        .init(.textPrimary, on: .bgElevated, kind: .body),
        .init(.textSecondary, on: .bgPrimary, kind: .body),
        .init(.textSecondary, on: .bgSecondary, kind: .body),
        .init(.textLink, on: .bgPrimary, kind: .body),
        .init(.textLink, on: .bgSecondary, kind: .body),
        .init(.textAccent, on: .bgPrimary, kind: .body),
        .init(.textOnAccent, on: .accent, kind: .body),
        .init(.buttonPrimaryText, on: .buttonPrimaryBg, kind: .body),
        .init(.buttonSecondaryText, on: .buttonSecondaryBg, kind: .body),
        .init(.selectionText, on: .selectionBg, kind: .body),
        // Tertiary text is still text people read: an article's feed and date, the sidebar's
        // counts and headings, an entry's placeholder; on a hovered row it sits on bg_tertiary.
        .init(.textTertiary, on: .bgPrimary, kind: .body),
        .init(.textTertiary, on: .bgSecondary, kind: .body),
        .init(.textTertiary, on: .bgTertiary, kind: .body),
        .init(.textTertiary, on: .bgElevated, kind: .body),
    ]

    private static let ui: [ContrastRule] = [
        .init(.borderStrong, on: .bgPrimary, kind: .ui),
        // The accent draws the focus ring, on every surface a focused control sits on.
        .init(.accent, on: .bgPrimary, kind: .ui),
        .init(.accent, on: .bgSecondary, kind: .ui),
        .init(.accent, on: .bgTertiary, kind: .ui),
        .init(.accent, on: .bgElevated, kind: .ui),
    ] + [ColorToken.stateUnread, .stateStarred, .stateError, .stateWarning, .stateSuccess]   // on a hovered row too
        .flatMap { state in [ColorToken.bgPrimary, .bgSecondary, .bgTertiary].map { ContrastRule(state, on: $0, kind: .ui) } }
}
