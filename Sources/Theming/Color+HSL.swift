/// Hue, saturation and lightness, used to nudge a colour's lightness while keeping its hue.
struct HSL: Equatable {
    /// Hue in degrees, `0..<360`.
    var hue: Double
    /// Saturation, `0...1`.
    var saturation: Double
    /// Lightness, `0...1`.
    var lightness: Double
}

extension Color {
    /// The colour in HSL.
    var hsl: HSL {
        let high = max(r, g, b)
        let low = min(r, g, b)
        let lightness = (high + low) / 2
        let chroma = high - low
        guard chroma > 0 else { return HSL(hue: 0, saturation: 0, lightness: lightness) }
        let saturation = chroma / (1 - abs(2 * lightness - 1))
        var hue: Double
        switch high {
        case r: hue = ((g - b) / chroma).truncatingRemainder(dividingBy: 6)
        case g: hue = (b - r) / chroma + 2
        default: hue = (r - g) / chroma + 4
        }
        hue *= 60
        if hue < 0 { hue += 360 }
        return HSL(hue: hue, saturation: min(saturation, 1), lightness: lightness)
    }

    /// Creates an opaque-or-not colour from HSL components.
    init(hsl: HSL, alpha: Double = 1) {
        let lightness = Color.clamp(hsl.lightness)
        let chroma = (1 - abs(2 * lightness - 1)) * Color.clamp(hsl.saturation)
        let sector = (hsl.hue.truncatingRemainder(dividingBy: 360) + 360)
            .truncatingRemainder(dividingBy: 360) / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r1, g1, b1): (Double, Double, Double)
        switch sector {
        case ..<1: (r1, g1, b1) = (chroma, x, 0)
        case ..<2: (r1, g1, b1) = (x, chroma, 0)
        case ..<3: (r1, g1, b1) = (0, chroma, x)
        case ..<4: (r1, g1, b1) = (0, x, chroma)
        case ..<5: (r1, g1, b1) = (x, 0, chroma)
        default: (r1, g1, b1) = (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        self.init(r: r1 + m, g: g1 + m, b: b1 + m, alpha: alpha)
    }

    /// The same hue and saturation at another lightness (`0...1`).
    func withLightness(_ lightness: Double) -> Color {
        var components = hsl
        components.lightness = lightness
        return Color(hsl: components, alpha: alpha)
    }
}
