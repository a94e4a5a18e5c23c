import Localization
import Theming

/// The theme editor's colour tokens, grouped as a theme's author thinks of them, each with what
/// it colours in the user's words.
enum EditorTokens {
    static let groups: [(title: String, tokens: [ColorToken])] = [
        // Translators: the theme editor's groups of colours.
        (tr("Surfaces"), [.bgPrimary, .bgSecondary, .bgTertiary, .bgElevated]),
        (tr("Text"), [.textPrimary, .textSecondary, .textTertiary, .textLink]),
        (tr("Accent"), [.accent, .textAccent, .textOnAccent, .buttonPrimaryBg, .buttonPrimaryText, .buttonSecondaryBg, .buttonSecondaryText]),
        (tr("States"), [.stateUnread, .stateStarred, .stateError, .stateWarning, .stateSuccess]),
        (tr("Separators, Selection and Shadow"), [.borderSubtle, .borderStrong, .selectionBg, .selectionText, .shadow]),
    ]

    /// The theme's numbers the editor offers: where each is in the file, its words, range and step.
    struct Number {
        let path: [String]
        let title: String
        let range: ClosedRange<Double>
        let step: Double
    }

    static let fontFamilies: [(key: String, title: String)] = [
        // Translators: a theme's font lists in the theme editor (first choice first, comma-separated).
        ("ui_family", tr("Interface fonts")), ("reading_family", tr("Reading fonts")), ("mono_family", tr("Monospace fonts")),
    ]

    static let numbers: [(title: String, numbers: [Number])] = [
        // Translators: the theme editor's groups of sizes and shapes.
        (tr("Text Sizes"), [
            Number(path: ["typography", "base_size"], title: tr("Interface text, points"), range: Typography.sizeRange, step: 0.5),
            Number(path: ["typography", "reading_size"], title: tr("Reading text, points"), range: Typography.sizeRange, step: 0.5),
            Number(path: ["typography", "line_height"], title: tr("Line height of reading text"), range: Typography.lineHeightRange, step: 0.05),
        ]),
        // Translators: the sizes of an article's title and headings, as multiples of its text size.
        (tr("Heading Sizes, times the text"), zip(TitleScale.keys, [
            tr("Article title and first headings"), tr("Second headings"), tr("Third headings"), tr("Fourth headings"),
        ]).map { Number(path: ["typography", "title_scale", $0.0], title: $0.1, range: Typography.titleScaleRange, step: 0.05) }),
        (tr("Spacing, pixels"), Spacing.keys.map { Number(path: ["spacing", $0], title: $0.uppercased(), range: Spacing.range, step: 1) }),
        (tr("Corner Radii, pixels"), zip(Radii.keys, [
            tr("Small: chips, check boxes"), tr("Medium: buttons, entries"), tr("Large: cards, popovers, dialogs"),
        ]).map { Number(path: ["radius", $0.0], title: $0.1, range: Radii.range, step: 1) }),
    ]

    /// What `token` colours, in a few words.
    static func title(_ token: ColorToken) -> String {
        switch token {
        // Translators: what a colour of a theme colours, in the theme editor.
        case .bgPrimary: tr("Main background")
        case .bgSecondary: tr("Sidebar and header")
        case .bgTertiary: tr("Hovered rows and chips")
        case .bgElevated: tr("Popovers, menus and dialogs")
        case .textPrimary: tr("Body text and titles")
        case .textSecondary: tr("Excerpts and secondary labels")
        case .textTertiary: tr("Dates, counts and placeholders")
        case .textLink: tr("Links in articles")
        case .accent: tr("Accent: focus rings, switches, badges")
        case .textAccent: tr("Text in the accent colour")
        case .textOnAccent: tr("Text on the accent")
        case .buttonPrimaryBg: tr("Primary button")
        case .buttonPrimaryText: tr("Primary button label")
        case .buttonSecondaryBg: tr("Secondary button")
        case .buttonSecondaryText: tr("Secondary button label")
        case .stateUnread: tr("Unread marker")
        case .stateStarred: tr("Star")
        case .stateError: tr("Errors")
        case .stateWarning: tr("Warnings")
        case .stateSuccess: tr("Success")
        case .borderSubtle: tr("Separators")
        case .borderStrong: tr("Control borders")
        case .selectionBg: tr("Selection")
        case .selectionText: tr("Text on the selection")
        case .shadow: tr("Shadow under popovers")
        }
    }
}
