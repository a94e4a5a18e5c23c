/// The desktop's accent colour (GNOME 47's `accent-color`, through the settings portal) worn by
/// a theme: its accent, its primary buttons and its accent text take the desktop's hue, each
/// moved in lightness — as little as it takes — until every pair it is part of passes the rules
/// of ``ContrastRule/all``, in both variants. The text drawn on the accent is the theme's own
/// where it still reads, else white or black.
public enum DesktopAccent {
    /// The theme with `accent` as its accent colour.
    public static func applied(_ accent: Color, to theme: Theme) -> Theme {
        var colors = theme.colors
        var fitted: [ColorScheme: (accent: Color, onAccent: Color, text: Color)] = [:]
        for scheme in ColorScheme.allCases {
            fitted[scheme] = fit(accent, in: theme, scheme: scheme)
        }
        func both(_ pick: ((accent: Color, onAccent: Color, text: Color)) -> Color, or token: ColorToken) -> Adaptive<Color> {
            Adaptive(light: fitted[.light].map(pick) ?? theme.color(token, for: .light),
                     dark: fitted[.dark].map(pick) ?? theme.color(token, for: .dark))
        }
        colors[.accent] = both(\.accent, or: .accent)
        colors[.buttonPrimaryBg] = both(\.accent, or: .buttonPrimaryBg)
        colors[.textOnAccent] = both(\.onAccent, or: .textOnAccent)
        colors[.buttonPrimaryText] = both(\.onAccent, or: .buttonPrimaryText)
        colors[.textAccent] = both(\.text, or: .textAccent)
        let worn = try? Theme(name: theme.name, descriptions: theme.descriptions, colors: colors, typography: theme.typography,
                              spacing: theme.spacing, radii: theme.radii, isHighContrast: theme.isHighContrast,
                              followsDesktopAccent: theme.followsDesktopAccent, isDraft: theme.isDraft)
        return worn ?? theme
    }

    /// The accent for one variant: drawn on every surface a focused control sits on (the UI
    /// ratio), with a text colour that reads on it (the body ratio); and the accent text, read
    /// on the main background. Nil when no lightness of the hue passes (it always does in
    /// practice: black or white text on a mid-tone).
    static func fit(_ wanted: Color, in theme: Theme, scheme: ColorScheme) -> (accent: Color, onAccent: Color, text: Color)? {
        let surfaces = [ColorToken.bgPrimary, .bgSecondary, .bgTertiary, .bgElevated].map {
            ContrastChecker.opaque($0, in: theme, scheme: scheme)
        }
        let ui = ContrastRule(.accent, on: .bgPrimary, kind: .ui).requiredRatio(highContrast: theme.isHighContrast)
        let body = ContrastRule(.textOnAccent, on: .accent, kind: .body).requiredRatio(highContrast: theme.isHighContrast)
        let own = theme.color(.textOnAccent, for: scheme)
        var onAccent = own
        func accent(readableWith texts: [Color], within distance: Double) -> Color? {
            nearest(wanted, within: distance) { candidate in
                guard surfaces.allSatisfy({ candidate.contrastRatio(with: $0) >= ui }),
                      let text = texts.first(where: { $0.contrastRatio(with: candidate) >= body }) else { return false }
                onAccent = text
                return true
            }
        }
        // The theme's own text on it where a nearby lightness allows (white on a blue made a
        // little darker reads as the desktop's), else whichever of white and black reads.
        guard let accent = accent(readableWith: [own], within: 0.15)
                ?? accent(readableWith: [own, Color(r: 1, g: 1, b: 1), Color(r: 0, g: 0, b: 0)], within: 1) else { return nil }
        let main = surfaces[0], side = surfaces[1]
        guard let text = nearest(wanted, within: 1, where: { $0.contrastRatio(with: main) >= body && $0.contrastRatio(with: side) >= body }) else {
            return nil
        }
        return (accent, onAccent, text)
    }

    /// The colour of `color`'s hue and saturation nearest to it in lightness (8 bits a channel),
    /// at most `distance` away, for which `passes` holds; searched outwards in steps of 1/250.
    static func nearest(_ color: Color, within distance: Double, where passes: (Color) -> Bool) -> Color? {
        if passes(color.quantized) { return color.quantized }
        let start = color.hsl.lightness
        for step in 1...Int(distance * 250) {
            for lightness in [start - Double(step) / 250, start + Double(step) / 250] where (0...1).contains(lightness) {
                let candidate = color.withLightness(lightness).quantized
                if passes(candidate) { return candidate }
            }
        }
        return nil
    }
}
