/// Checks a theme's colour pairs against the WCAG 2 contrast rules in ``ContrastRule/all``
/// and suggests the nearest passing colour for each failure.
public enum ContrastChecker {
    /// Every rule measured in both schemes, passing or not, light scheme first.
    public static func measurements(for theme: Theme) -> [ContrastFinding] {
        ColorScheme.allCases.flatMap { scheme in
            ContrastRule.all.map { measure($0, in: theme, scheme: scheme) }
        }
    }

    /// The failing pairs only; empty when the theme passes.
    public static func findings(for theme: Theme) -> [ContrastFinding] {
        measurements(for: theme).filter { !$0.passes }
    }

    /// Measures one rule in one scheme.
    public static func measure(_ rule: ContrastRule, in theme: Theme, scheme: ColorScheme) -> ContrastFinding {
        let background = opaque(rule.background, in: theme, scheme: scheme)
        let foreground = theme.color(rule.foreground, for: scheme)
        let required = rule.requiredRatio(highContrast: theme.isHighContrast)
        let ratio = foreground.contrastRatio(with: background)
        let suggestion = ratio >= required
            ? nil : suggestion(for: foreground, on: background, required: required)
        return ContrastFinding(rule: rule, scheme: scheme, ratio: ratio, required: required,
                               suggestion: suggestion)
    }

    /// The colour nearest to `foreground` in lightness (hue and saturation kept) whose
    /// contrast with `background` is at least `required`, rounded to a hex value that still
    /// passes; nil when neither black-ward nor white-ward lightness gets there.
    public static func suggestion(for foreground: Color, on background: Color, required: Double) -> Color? {
        let start = foreground.hsl.lightness
        func passes(_ lightness: Double) -> Bool {
            foreground.withLightness(lightness).quantized.contrastRatio(with: background) >= required
        }
        var candidates: [Double] = []
        if passes(0) { // darker side: passing set is [0, edge]
            var (good, bad) = (0.0, start)
            for _ in 0..<40 { let mid = (good + bad) / 2; if passes(mid) { good = mid } else { bad = mid } }
            candidates.append(good)
        }
        if passes(1) { // lighter side: passing set is [edge, 1]
            var (good, bad) = (1.0, start)
            for _ in 0..<40 { let mid = (good + bad) / 2; if passes(mid) { good = mid } else { bad = mid } }
            candidates.append(good)
        }
        guard let best = candidates.min(by: { abs($0 - start) < abs($1 - start) }) else { return nil }
        return foreground.withLightness(best).quantized
    }

    /// A background token as seen on screen: `bg_primary` over white (light) or black
    /// (dark), any other background over `bg_primary`.
    static func opaque(_ token: ColorToken, in theme: Theme, scheme: ColorScheme) -> Color {
        let canvas = scheme == .light ? Color(r: 1, g: 1, b: 1) : Color(r: 0, g: 0, b: 0)
        let base = theme.color(.bgPrimary, for: scheme).composited(over: canvas)
        guard token != .bgPrimary else { return base }
        return theme.color(token, for: scheme).composited(over: base)
    }
}
