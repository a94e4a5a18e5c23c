import CGtk4
import Foundation
import GtkBridge
import Theming

/// Decides which theme and scheme are in force and applies them: the catalog of themes,
/// the settings' choice and the desktop's preference go in; CSS for the token provider
/// comes out. A missing or invalid theme falls back to Paper with a visible warning.
@MainActor
final class ThemeController {
    private(set) var catalog: ThemeCatalog
    private let settings: Settings
    private let appearance: Appearance
    private let fonts = InstalledFonts()
    let desktop: DesktopPreference
    /// Called with a message the user should see once (a theme that fell back).
    var onWarning: (@MainActor (String) -> Void)?
    /// Called after every apply, so open dialogs (the picker) follow.
    var onApplied: (@MainActor () -> Void)?
    private var lastWarning: String?
    private var appliedDark: Bool?
    /// The token CSS now loaded; an apply that would load the same text does nothing.
    private(set) var appliedCSS: CSSGenerator.Parts?
    /// The theme being edited, worn in the variant being edited while the editor is open
    /// (nil: the settings' choice). A change is applied at the start of the next frame of the
    /// first window of `framePacers` on screen, inside that frame: a colour dragged across
    /// many values between two frames costs one restyle, the last value winning.
    var preview: (theme: Theme, scheme: ColorScheme)? {
        didSet {
            appearance.holdsTransitions = preview != nil   // no fades from one change to the next
            guard !previewPending else { return }
            previewPending = true
            FrameTick.once(onFrameOf: framePacers()) { [weak self] in
                self?.previewPending = false
                self?.apply()
            }
        }
    }
    /// The windows whose frames pace the editor's changes, in order of preference.
    var framePacers: @MainActor () -> [WidgetPointer?] = { [] }
    private var previewPending = false

    init(settings: Settings, appearance: Appearance, desktop: DesktopPreference, locator: ResourceLocator?) {
        self.settings = settings
        self.appearance = appearance
        self.desktop = desktop
        catalog = Self.loadCatalog(locator: locator)
        catalog.warnings.forEach(Log.warning)
    }

    static func loadCatalog(locator: ResourceLocator?) -> ThemeCatalog {
        ThemeCatalog(builtInDirectory: locator?.themes ?? URL(filePath: "/nonexistent"),
                     userDirectory: DataLocations.userThemesDirectory)
    }

    /// The scheme in force: the user's override, else the desktop's preference.
    var scheme: ColorScheme { resolveColorScheme(override: settings.colorScheme, system: desktop.colorScheme) }

    /// The name of the theme to use in `scheme` (validated by the catalog when applied).
    static func themeName(chosen: String?, darkChosen: String?, scheme: ColorScheme, desktopHighContrast: Bool) -> String {
        if scheme == .dark, let darkChosen { return darkChosen }
        if let chosen { return chosen }
        return desktopHighContrast ? ThemeCatalog.highContrastThemeName : ThemeCatalog.defaultThemeName
    }

    /// The theme in force and the scheme it is shown in.
    func current() -> (theme: Theme?, scheme: ColorScheme, warning: String?) {
        if let preview { return (preview.theme, preview.scheme, nil) }
        let scheme = self.scheme
        let name = Self.themeName(chosen: settings.themeName, darkChosen: settings.darkThemeName,
                                  scheme: scheme, desktopHighContrast: desktop.highContrast)
        let resolved = catalog.resolveTheme(named: name)
        // The desktop's accent, where chosen (or the theme's file asks for it) and given, fitted to the theme's surfaces.
        if let accent = desktop.accent, let theme = resolved.theme, settings.accent == .desktop || theme.followsDesktopAccent {
            return (DesktopAccent.applied(accent, to: theme), scheme, resolved.warning)
        }
        return (resolved.theme, scheme, resolved.warning)
    }

    /// The installed family `theme`'s reading font list comes to (the user's own choice aside):
    /// what the reading text is set in until one is chosen.
    func readingFont(of theme: Theme) -> String? {
        fonts.installedFamily(for: theme.typography.readingFamily) ?? theme.typography.readingFamily.first
    }

    /// Regenerates the token CSS and reloads the provider in place.
    func apply() {
        let (theme, scheme, warning) = current()
        if let warning, warning != lastWarning {
            lastWarning = warning
            Log.warning(warning)
            onWarning?(warning)
        }
        guard let theme else { return }
        let css = CSSGenerator.parts(for: theme, scheme: scheme, textScale: settings.textScale,
                                     readingFont: settings.readingFont, fonts: fonts)
        // The model's observer re-applies after every change, including ones already
        // applied at once (a forwarded --theme): reloading the same CSS restyles every widget.
        guard css != appliedCSS else { return }
        appliedCSS = css
        appearance.applyTokens(css)
        setPreferDark(scheme == .dark)
        onApplied?()
    }

    /// Re-reads the theme folders (user themes edited on disk) and re-applies.
    func reloadCatalog(locator: ResourceLocator?) {
        catalog = Self.loadCatalog(locator: locator)
        appliedCSS = nil   // the picker lists the reloaded themes even when the CSS is the same
        apply()
    }

    /// GTK's own dark preference, for stock widgets; setting it costs ~15 ms, so only on change.
    private func setPreferDark(_ dark: Bool) {
        guard dark != appliedDark, let gtkSettings = gtk_settings_get_default() else { return }
        appliedDark = dark
        Properties.setBool(UnsafeMutableRawPointer(gtkSettings), "gtk-application-prefer-dark-theme", dark)
    }
}
