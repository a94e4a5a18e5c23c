import Observation
import Theming

/// The settings model: the single source of truth for what Lectern remembers. The GTK
/// side observes it; `SettingsStore` loads and saves it as a keyfile.
@Observable @MainActor
final class Settings {
    static let defaultWindowWidth = 1180
    static let defaultWindowHeight = 760
    static let windowSizeRange = 360...16384

    static let textScaleRange = CSSGenerator.textScaleRange

    /// The chosen theme's name (validated against the catalog when applied).
    var themeName = ThemeCatalog.defaultThemeName
    /// The user's override of the desktop's light/dark preference.
    var colorScheme = ColorSchemeOverride.system
    /// Multiplies the reading text size.
    var textScale = 1.0

    var windowWidth = Settings.defaultWindowWidth
    var windowHeight = Settings.defaultWindowHeight
    var windowMaximized = false
}
