/// The semantic colour tokens every theme defines, each with a light and a dark value.
///
/// The raw value is the token's name everywhere: in a theme file (`tokens.color.<name>`),
/// in generated CSS (`@define-color <name> …;`, used as `@<name>` by the stylesheet) and
/// in error messages. The order of the cases is the order of the generated CSS.
public enum ColorToken: String, CaseIterable, Sendable {
    case bgPrimary = "bg_primary"
    case bgSecondary = "bg_secondary"
    case bgTertiary = "bg_tertiary"
    case bgElevated = "bg_elevated"
    case textPrimary = "text_primary"
    case textSecondary = "text_secondary"
    case textTertiary = "text_tertiary"
    case textAccent = "text_accent"
    case textLink = "text_link"
    case textOnAccent = "text_on_accent"
    case accent = "accent"
    case borderSubtle = "border_subtle"
    case borderStrong = "border_strong"
    case selectionBg = "selection_bg"
    case selectionText = "selection_text"
    case buttonPrimaryBg = "button_primary_bg"
    case buttonPrimaryText = "button_primary_text"
    case buttonSecondaryBg = "button_secondary_bg"
    case buttonSecondaryText = "button_secondary_text"
    case stateUnread = "state_unread"
    case stateStarred = "state_starred"
    case stateError = "state_error"
    case stateWarning = "state_warning"
    case stateSuccess = "state_success"
    case shadow = "shadow"

    /// What the token colours in Lectern, in a few words (used by `--validate-theme` and docs).
    public var role: String {
        switch self {
        case .bgPrimary: return "main background: article list and reading pane"
        case .bgSecondary: return "sidebar and header bar background"
        case .bgTertiary: return "hovered rows, alternate rows, inactive chips"
        case .bgElevated: return "popovers, menus, cards and dialogs"
        case .textPrimary: return "body text and titles"
        case .textSecondary: return "excerpts, feed names, secondary labels"
        case .textTertiary: return "dates, counts, placeholders, disabled text"
        case .textAccent: return "text drawn in the accent colour (section headings, active items)"
        case .textLink: return "links in articles"
        case .textOnAccent: return "text and icons drawn on the accent colour"
        case .accent: return "the brand colour: focus rings, switches, progress, badges"
        case .borderSubtle: return "separators and quiet borders"
        case .borderStrong: return "entry and control borders that must stay visible"
        case .selectionBg: return "selected rows and selected text background"
        case .selectionText: return "text on the selection background"
        case .buttonPrimaryBg: return "primary (suggested) button background"
        case .buttonPrimaryText: return "primary button label"
        case .buttonSecondaryBg: return "secondary button background"
        case .buttonSecondaryText: return "secondary button label"
        case .stateUnread: return "unread marker dot and unread counts"
        case .stateStarred: return "star icon of starred articles"
        case .stateError: return "errors (failed feeds, invalid input)"
        case .stateWarning: return "warnings"
        case .stateSuccess: return "success messages"
        case .shadow: return "the shadow under popovers and menus (translucent; optional)"
        }
    }

    /// The value a theme file that leaves this token out gets; nil for the tokens every
    /// theme must give (all but the shadow, added after themes were being written).
    public var defaultValue: Adaptive<Color>? {
        switch self {
        case .shadow: Adaptive(light: Color(r: 0, g: 0, b: 0, alpha: 0.18), dark: Color(r: 0, g: 0, b: 0, alpha: 0.5))
        default: nil
        }
    }
}
