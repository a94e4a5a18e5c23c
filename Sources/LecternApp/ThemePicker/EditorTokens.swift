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
