import Foundation

/// An sRGB colour with straight (non-premultiplied) alpha; components are in `0...1`.
public struct Color: Sendable, Hashable {
    /// Red, `0...1`.
    public var r: Double
    /// Green, `0...1`.
    public var g: Double
    /// Blue, `0...1`.
    public var b: Double
    /// Opacity, `0...1` (1 is opaque).
    public var alpha: Double

    /// Creates a colour; components outside `0...1` are clamped.
    public init(r: Double, g: Double, b: Double, alpha: Double = 1) {
        self.r = Color.clamp(r)
        self.g = Color.clamp(g)
        self.b = Color.clamp(b)
        self.alpha = Color.clamp(alpha)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (case-insensitive, the `#` is required).
    /// Returns nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Array(hex.dropFirst())
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        let pairs: [String]
        switch digits.count {
        case 3: pairs = digits.map { String([$0, $0]) }
        case 6, 8: pairs = stride(from: 0, to: digits.count, by: 2).map { String(digits[$0...$0 + 1]) }
        default: return nil
        }
        let values = pairs.compactMap { UInt8($0, radix: 16) }.map { Double($0) / 255 }
        guard values.count == pairs.count else { return nil }
        self.init(r: values[0], g: values[1], b: values[2], alpha: values.count == 4 ? values[3] : 1)
    }

    /// Lower-case `#rrggbb`, or `#rrggbbaa` when the colour is not opaque.
    public var hex: String {
        let components = alpha < 1 ? [r, g, b, alpha] : [r, g, b]
        // By hand: `String(format:)` took a tenth of a colour edit's frame (a palette a frame).
        let digits = Array("0123456789abcdef")
        return "#" + String(components.flatMap { value -> [Character] in
            let byte = Color.byte(value)
            return [digits[byte >> 4], digits[byte & 15]]
        })
    }

    /// The colour as GTK CSS: `#rrggbb` when opaque, otherwise `rgba(r, g, b, a)`.
    public var css: String {
        guard alpha < 1 else { return hex }
        let a = (alpha * 1000).rounded() / 1000
        return "rgba(\(Color.byte(r)), \(Color.byte(g)), \(Color.byte(b)), \(a))"
    }

    /// WCAG 2 relative luminance of the colour (alpha ignored), `0` for black to `1` for white.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2 contrast ratio, `1...21`. A translucent receiver is first composited over
    /// `other`, as it would be drawn on it.
    public func contrastRatio(with other: Color) -> Double {
        let front = composited(over: other).relativeLuminance
        let back = other.relativeLuminance
        return (max(front, back) + 0.05) / (min(front, back) + 0.05)
    }

    /// The opaque colour seen when this colour is drawn over `background`.
    public func composited(over background: Color) -> Color {
        guard alpha < 1 else { return self }
        func mix(_ top: Double, _ bottom: Double) -> Double { top * alpha + bottom * (1 - alpha) }
        return Color(r: mix(r, background.r), g: mix(g, background.g), b: mix(b, background.b),
                     alpha: 1)
    }

    /// The same colour rounded to 8 bits per channel, as a hex string would store it.
    public var quantized: Color {
        Color(r: Double(Color.byte(r)) / 255, g: Double(Color.byte(g)) / 255,
              b: Double(Color.byte(b)) / 255, alpha: Double(Color.byte(alpha)) / 255)
    }

    static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    static func byte(_ value: Double) -> Int {
        Int((clamp(value) * 255).rounded())
    }
}
