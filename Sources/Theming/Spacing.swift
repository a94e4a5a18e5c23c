/// A theme's spacing steps in pixels (`tokens.spacing` in a theme file; every step optional).
public struct Spacing: Sendable, Equatable {
    /// Extra small step (`xs`): gaps inside a row.
    public var xs: Double
    /// Small step (`s`): padding of compact controls.
    public var s: Double
    /// Medium step (`m`): padding of rows and cards.
    public var m: Double
    /// Large step (`l`): gaps between groups.
    public var l: Double
    /// Extra large step (`xl`): margins of the reading column.
    public var xl: Double

    /// Creates spacing steps, in pixels.
    public init(xs: Double, s: Double, m: Double, l: Double, xl: Double) {
        self.xs = xs
        self.s = s
        self.m = m
        self.l = l
        self.xl = xl
    }

    /// The values used for any step a theme file leaves out.
    public static let standard = Spacing(xs: 4, s: 6, m: 12, l: 18, xl: 24)

    /// The steps with their theme-file keys, smallest first (also the CSS class suffixes).
    public var steps: [(name: String, value: Double)] {
        [("xs", xs), ("s", s), ("m", m), ("l", l), ("xl", xl)]
    }

    /// The keys a theme file may use under `tokens.spacing`.
    public static let keys = ["xs", "s", "m", "l", "xl"]
    /// Accepted range for a step, in pixels.
    public static let range: ClosedRange<Double> = 0...96
}
