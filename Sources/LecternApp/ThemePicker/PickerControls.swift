import CGtk4
import Foundation
import GtkBridge
import Theming
import Localization

/// The picker's appearance controls: colour scheme (System / Light / Dark), the theme for
/// dark mode, the text size with a live sample paragraph, and the reading font (the theme's
/// until one is chosen, and back to it with the button beside). Each control writes the
/// settings model only.
@MainActor
final class PickerControls {
    let widget: WidgetPointer
    private let settings: Settings
    private let darkThemeList: OpaquePointer
    private let darkThemeDropDown: WidgetPointer
    private var themeNames: [String] = []
    private var schemeToggles: [(scheme: ColorSchemeOverride, button: WidgetPointer)] = []
    let fontButton: WidgetPointer
    let themeFontButton: WidgetPointer
    private var updating = false

    init(settings: Settings) {
        self.settings = settings
        darkThemeList = gtk_string_list_new(nil)
        darkThemeDropDown = gtk_drop_down_new(darkThemeList, nil)   // the drop-down owns the list
        let (scheme, toggles) = Self.schemeButtons(settings)
        schemeToggles = toggles
        // Translators: a sample of the reading text, to judge its size and font.
        let sample = Widgets.label(tr("The quick brown fox reads the morning news by the window, tea in hand."),
                                   classes: ["reading", "text-size-sample"], wrap: true)
        let scale = Self.textSizeScale(settings)
        fontButton = Self.fontButton(settings)
        // Translators: the button beside the reading font, after one was chosen.
        themeFontButton = Widgets.iconButton("edit-undo-symbolic", tooltip: tr("Use the theme's reading font"))
        Accessibility.name(themeFontButton, tr("Use the theme's reading font"))
        let font = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [fontButton, themeFontButton])
        let grid = created(gtk_grid_new())
        // Translators: "Style" labels the choice of System, Light or Dark.
        let rows: [(String, WidgetPointer)] = [(tr("Style"), scheme), (tr("Dark mode theme"), darkThemeDropDown),
                                               (tr("Text size"), scale), (tr("Reading font"), font)]
        for (row, item) in rows.enumerated() {
            gtk_grid_attach(cast(grid), Widgets.label(item.0, classes: ["control-label"]), 0, Int32(row), 1, 1)
            gtk_grid_attach(cast(grid), item.1, 1, Int32(row), 1, 1)
            Accessibility.setLabel(item.1 == font ? fontButton : item.1, item.0)
        }
        gtk_grid_set_row_spacing(cast(grid), 10)
        gtk_grid_set_column_spacing(cast(grid), 18)
        widget = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 32, classes: ["picker-controls"], [grid, sample])
        Widgets.expand(sample, vertical: false)
        connect(darkThemeDropDown, .notify("selected")) { [weak self] in
            self?.darkThemeChosen()
        }
        connect(themeFontButton, .clicked) { settings.readingFont = nil }
    }

    /// Refills the dark-mode theme list with the valid themes and shows the current settings:
    /// the reading font chosen, or else `themeReadingFont`, the family the theme's reading font
    /// comes to on this system.
    func update(themes: [String], themeReadingFont: String?) {
        updating = true
        defer { updating = false }
        if let family = settings.readingFont ?? themeReadingFont { gtk_font_chooser_set_font(OpaquePointer(fontButton), family) }
        gtk_widget_set_sensitive(themeFontButton, settings.readingFont == nil ? 0 : 1)
        for toggle in schemeToggles where settings.colorScheme == toggle.scheme {
            gtk_toggle_button_set_active(cast(toggle.button), 1)
        }
        themeNames = themes
        let labels = [tr("Same as the day theme")] + themes
        gtk_string_list_splice(darkThemeList, 0, g_list_model_get_n_items(darkThemeList), nil)
        for label in labels { gtk_string_list_append(darkThemeList, label) }
        let index = settings.darkThemeName.flatMap { name in themes.firstIndex { $0.caseInsensitiveCompare(name) == .orderedSame } }
        gtk_drop_down_set_selected(OpaquePointer(darkThemeDropDown), UInt32(index.map { $0 + 1 } ?? 0))
    }

    private func darkThemeChosen() {
        guard !updating else { return }
        let selected = Int(gtk_drop_down_get_selected(OpaquePointer(darkThemeDropDown)))
        settings.darkThemeName = selected > 0 && selected <= themeNames.count ? themeNames[selected - 1] : nil
    }

    private static func schemeButtons(_ settings: Settings)
        -> (WidgetPointer, [(scheme: ColorSchemeOverride, button: WidgetPointer)]) {
        var first: WidgetPointer?
        let buttons = ColorSchemeOverride.allCases.map { scheme -> WidgetPointer in
            let button = created(gtk_toggle_button_new_with_label(title(of: scheme)))
            if let first { gtk_toggle_button_set_group(cast(button), cast(first)) } else { first = button }
            gtk_toggle_button_set_active(cast(button), settings.colorScheme == scheme ? 1 : 0)
            connect(button, .toggled) {
                if gtk_toggle_button_get_active(cast(button)) != 0 { settings.colorScheme = scheme }
            }
            return button
        }
        return (Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["linked"], buttons),
                Array(zip(ColorSchemeOverride.allCases, buttons)).map { (scheme: $0.0, button: $0.1) })
    }

    private static func title(of scheme: ColorSchemeOverride) -> String {
        switch scheme {
        // Translators: the colour scheme the desktop asks for.
        case .system: tr("System")
        case .light: tr("Light")
        case .dark: tr("Dark")
        }
    }

    private static func textSizeScale(_ settings: Settings) -> WidgetPointer {
        let scale = created(gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0.8, 2.0, 0.05))
        gtk_range_set_value(cast(scale), settings.textScale)
        gtk_scale_set_draw_value(cast(scale), 0)
        for mark in [1.0, 1.5] { gtk_scale_add_mark(cast(scale), mark, GTK_POS_BOTTOM, nil) }
        gtk_widget_set_size_request(scale, 220, -1)
        gtk_widget_set_tooltip_text(scale, tr("Reading text size (Ctrl+plus / Ctrl+minus)"))
        connect(scale, .valueChanged) {
            settings.textScale = (gtk_range_get_value(cast(scale)) * 100).rounded() / 100
        }
        return scale
    }

    private static func fontButton(_ settings: Settings) -> WidgetPointer {
        let button = created(gtk_font_button_new())
        gtk_font_chooser_set_level(OpaquePointer(button), GTK_FONT_CHOOSER_LEVEL_FAMILY)
        gtk_font_button_set_use_font(OpaquePointer(button), 1)
        connect(button, .fontSet) {
            guard let family = gtk_font_chooser_get_font_family(OpaquePointer(button)) else { return }
            settings.readingFont = string(pango_font_family_get_name(family))
        }
        return button
    }
}
