/// GTK's own named colours and the token each one follows.
///
/// GTK 4.8's default theme defines these names (`@theme_bg_color` …) and libadwaita-style
/// stylesheets use the newer ones (`@window_bg_color` …). Redefining them lets any CSS that
/// refers to them — Lectern's stylesheet included — follow the active theme.
public enum GTKNamedColors {
    /// Name and token pairs, in the order they are written to the CSS.
    public static let mapping: [(name: String, token: ColorToken)] = [
        ("theme_bg_color", .bgPrimary),
        ("theme_fg_color", .textPrimary),
        ("theme_base_color", .bgPrimary),
        ("theme_text_color", .textPrimary),
        ("theme_selected_bg_color", .selectionBg),
        ("theme_selected_fg_color", .selectionText),
        ("theme_unfocused_bg_color", .bgPrimary),
        ("theme_unfocused_fg_color", .textSecondary),
        ("theme_unfocused_base_color", .bgPrimary),
        ("theme_unfocused_text_color", .textPrimary),
        ("theme_unfocused_selected_bg_color", .selectionBg),
        ("theme_unfocused_selected_fg_color", .selectionText),
        ("insensitive_bg_color", .bgTertiary),
        ("insensitive_fg_color", .textTertiary),
        ("insensitive_base_color", .bgSecondary),
        ("unfocused_insensitive_color", .textTertiary),
        ("borders", .borderSubtle),
        ("unfocused_borders", .borderSubtle),
        ("window_bg_color", .bgPrimary),
        ("window_fg_color", .textPrimary),
        ("view_bg_color", .bgPrimary),
        ("view_fg_color", .textPrimary),
        ("content_view_bg", .bgPrimary),
        ("text_view_bg", .bgPrimary),
        ("accent_color", .textAccent),
        ("accent_bg_color", .accent),
        ("accent_fg_color", .textOnAccent),
        ("headerbar_bg_color", .bgSecondary),
        ("headerbar_fg_color", .textPrimary),
        ("headerbar_border_color", .borderSubtle),
        ("headerbar_backdrop_color", .bgSecondary),
        ("sidebar_bg_color", .bgSecondary),
        ("sidebar_fg_color", .textPrimary),
        ("popover_bg_color", .bgElevated),
        ("popover_fg_color", .textPrimary),
        ("dialog_bg_color", .bgElevated),
        ("dialog_fg_color", .textPrimary),
        ("card_bg_color", .bgElevated),
        ("card_fg_color", .textPrimary),
        ("link_color", .textLink),
        ("error_color", .stateError),
        ("warning_color", .stateWarning),
        ("success_color", .stateSuccess),
    ]
}
