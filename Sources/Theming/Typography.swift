/// A theme's type: font families, sizes, reading line height and the title scale.
///
/// Sizes are in points, as GTK CSS `font-size` takes them. In a theme file these live
/// under `tokens.typography`; every key is optional and falls back to ``standard``.
public struct Typography: Sendable, Equatable {
    /// Font families for the interface, most wanted first (`tokens.typography.ui_family`).
    public var uiFamily: [String]
    /// Font families for article text (`reading_family`).
    public var readingFamily: [String]
    /// Font families for code and tabular figures (`mono_family`).
    public var monoFamily: [String]
    /// Interface text size in points (`base_size`).
    public var baseSize: Double
    /// Article text size in points before the user's text-size factor (`reading_size`).
    public var readingSize: Double
    /// Article line height as a multiple of the font size (`line_height`).
    public var lineHeight: Double
    /// Title sizes as multiples of the text they sit in (`title_scale`).
    public var titleScale: TitleScale

    /// Creates a typography; see the properties for units.
    public init(uiFamily: [String], readingFamily: [String], monoFamily: [String],
                baseSize: Double, readingSize: Double, lineHeight: Double, titleScale: TitleScale) {
        self.uiFamily = uiFamily
        self.readingFamily = readingFamily
        self.monoFamily = monoFamily
        self.baseSize = baseSize
        self.readingSize = readingSize
        self.lineHeight = lineHeight
        self.titleScale = titleScale
    }

    /// The values used for any typography key a theme file leaves out.
    public static let standard = Typography(
        uiFamily: ["Cantarell", "Inter", "sans-serif"],
        readingFamily: ["Literata", "Source Serif 4", "Georgia", "serif"],
        monoFamily: ["JetBrains Mono", "DejaVu Sans Mono", "monospace"],
        baseSize: 11, readingSize: 12.5, lineHeight: 1.6,
        titleScale: TitleScale(title1: 2.0, title2: 1.6, title3: 1.3, title4: 1.15))

    /// Accepted range for `base_size` and `reading_size`, in points.
    public static let sizeRange: ClosedRange<Double> = 6...36
    /// Accepted range for `line_height`.
    public static let lineHeightRange: ClosedRange<Double> = 1...3
    /// Accepted range for each title multiplier.
    public static let titleScaleRange: ClosedRange<Double> = 0.75...4
}

/// Four title levels, largest first, each a multiple of the surrounding text size.
/// In a theme file: `"title_scale": {"title_1": 2.0, "title_2": 1.6, "title_3": 1.3, "title_4": 1.15}`.
public struct TitleScale: Sendable, Equatable {
    /// Level 1 (article titles, page headings).
    public var title1: Double
    /// Level 2.
    public var title2: Double
    /// Level 3.
    public var title3: Double
    /// Level 4.
    public var title4: Double

    /// Creates a scale from its four multipliers.
    public init(title1: Double, title2: Double, title3: Double, title4: Double) {
        self.title1 = title1
        self.title2 = title2
        self.title3 = title3
        self.title4 = title4
    }

    /// The multipliers in level order, 1 to 4.
    public var levels: [Double] { [title1, title2, title3, title4] }

    /// The keys of a theme file's `title_scale`, in level order.
    public static let keys = ["title_1", "title_2", "title_3", "title_4"]
}
