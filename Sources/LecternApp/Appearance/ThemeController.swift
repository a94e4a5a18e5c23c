import CGtk4
import Foundation
import GtkBridge
import Theming

/// Decides which theme and scheme are in force and applies them: the catalog of themes,
/// the settings' choice, and the desktop's preference go in; CSS for the token provider
/// comes out. A missing or invalid theme falls back to Paper with a visible warning.
@MainActor
final class ThemeController {
    private(set) var catalog: ThemeCatalog
    private let settings: Settings
    private let appearance: Appearance
    /// What the desktop asks for (the portal fills this in).
    var systemScheme = SystemColorScheme.noPreference { didSet { apply() } }
    /// The last fallback warning, shown once in the window.
    private(set) var warning: String?
    private var appliedDark: Bool?

    init(settings: Settings, appearance: Appearance, locator: ResourceLocator?) {
        self.settings = settings
        self.appearance = appearance
        catalog = Self.loadCatalog(locator: locator)
        catalog.warnings.forEach(Log.warning)
    }

    static func loadCatalog(locator: ResourceLocator?) -> ThemeCatalog {
        ThemeCatalog(builtInDirectory: locator?.themes ?? URL(filePath: "/nonexistent"),
                     userDirectory: DataLocations.userThemesDirectory)
    }

    /// The scheme in force: the user's override, else the desktop's preference.
    var scheme: ColorScheme { resolveColorScheme(override: settings.colorScheme, system: systemScheme) }

    /// The theme in force (Paper when the chosen one is unknown or invalid).
    var theme: Theme? { catalog.resolveTheme(named: settings.themeName).theme }

    /// Regenerates the token CSS and reloads the provider in place.
    func apply() {
        let resolved = catalog.resolveTheme(named: settings.themeName)
        if let message = resolved.warning, message != warning {
            warning = message
            Log.warning(message)
        }
        guard let theme = resolved.theme else { return }
        let scheme = self.scheme
        appearance.applyTokens(CSSGenerator.css(for: theme, scheme: scheme, textScale: settings.textScale))
        setPreferDark(scheme == .dark)
    }

    /// Re-reads the theme folders (user themes edited on disk) and re-applies.
    func reloadCatalog(locator: ResourceLocator?) {
        catalog = Self.loadCatalog(locator: locator)
        apply()
    }

    /// GTK's own dark preference, for stock widgets; setting it costs ~15 ms, so only on change.
    private func setPreferDark(_ dark: Bool) {
        guard dark != appliedDark, let gtkSettings = gtk_settings_get_default() else { return }
        appliedDark = dark
        var value = GValue()
        g_value_init(&value, lectern_type_boolean())
        g_value_set_boolean(&value, dark ? 1 : 0)
        g_object_set_property(UnsafeMutablePointer(gtkSettings), "gtk-application-prefer-dark-theme", &value)
        g_value_unset(&value)
    }
}
