/// A theme's corner radii in pixels (`tokens.radius` in a theme file; every key optional).
public struct Radii: Sendable, Equatable {
    /// Small radius (`small`): chips, badges, check boxes.
    public var small: Double
    /// Medium radius (`medium`): buttons and entries.
    public var medium: Double
    /// Large radius (`large`): cards, popovers and dialogs.
    public var large: Double

    /// Creates radii, in pixels.
    public init(small: Double, medium: Double, large: Double) {
        self.small = small
        self.medium = medium
        self.large = large
    }

    /// The values used for any radius a theme file leaves out.
    public static let standard = Radii(small: 4, medium: 6, large: 12)

    /// The radii with their theme-file keys, smallest first (also the CSS class suffixes).
    public var steps: [(name: String, value: Double)] {
        [("small", small), ("medium", medium), ("large", large)]
    }

    /// The keys a theme file may use under `tokens.radius`.
    public static let keys = ["small", "medium", "large"]
    /// Accepted range for a radius, in pixels.
    public static let range: ClosedRange<Double> = 0...48
}
