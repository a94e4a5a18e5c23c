import CGtk4
import GtkBridge
import Testing
import Theming
@testable import LecternApp

/// The picker's reading font: the theme's until the reader chooses one, and the button beside
/// it goes back to the theme's.
@Suite("The picker's reading font", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct PickerControlsTests {
    @Test func theThemesFontIsShownUntilOneIsChosenAndTheButtonBesideGoesBackToIt() throws {
        try #require(gtk_init_check() != 0)
        let settings = Settings()
        let controls = PickerControls(settings: settings)
        let window = try #require(gtk_window_new())
        gtk_window_set_child(cast(window), controls.widget)
        defer { gtk_window_destroy(cast(window)) }
        gtk_window_present(cast(window))
        _ = MainLoop.iterate(until: { gtk_widget_get_mapped(window) != 0 }, timeout: 5)

        // DejaVu Serif and DejaVu Sans: families every test machine has.
        controls.update(themes: ["Paper"], themeReadingFont: "DejaVu Serif")
        #expect(Self.family(controls.fontButton) == "DejaVu Serif", "the theme's reading font is shown, not GTK's default")
        #expect(gtk_widget_get_sensitive(controls.themeFontButton) == 0, "nothing to go back from")

        settings.readingFont = "DejaVu Sans"
        controls.update(themes: ["Paper"], themeReadingFont: "DejaVu Serif")
        #expect(Self.family(controls.fontButton) == "DejaVu Sans")
        #expect(gtk_widget_get_sensitive(controls.themeFontButton) != 0)

        gtk_widget_activate(controls.themeFontButton)   // a button clicks once its press is drawn
        let wentBack = MainLoop.iterate(until: { settings.readingFont == nil }, timeout: 2)
        #expect(wentBack, "the theme's font is worn again")
        controls.update(themes: ["Paper"], themeReadingFont: "DejaVu Serif")
        #expect(Self.family(controls.fontButton) == "DejaVu Serif")
        #expect(gtk_widget_get_sensitive(controls.themeFontButton) == 0)
    }

    private static func family(_ button: WidgetPointer) -> String? {
        gtk_font_chooser_get_font_family(OpaquePointer(button)).flatMap { string(pango_font_family_get_name($0)) }
    }
}

/// The picker's cards are built again only when what they show changes: a text size dragged
/// along its scale (each step an apply) leaves them as they are; another theme rebuilds them.
@Suite("Theme picker's cards", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct PickerCardsTests {
    @Test func aTextSizeKeepsTheCardsAndAnotherThemeRebuildsThem() throws {
        try #require(gtk_init_check() != 0)
        let application = try #require(gtk_application_new("dev.lectern.PickerCardsTest", G_APPLICATION_NON_UNIQUE))
        defer { g_object_unref(UnsafeMutableRawPointer(application)) }
        // Registered, the application has started up: windows may be added to it.
        try #require(g_application_register(cast(application), nil, nil) != 0)
        let settings = Settings()
        settings.themeName = "Paper"
        let controller = ThemeController(settings: settings, appearance: Appearance(locator: nil), desktop: DesktopPreference(),
                                         locator: ResourceLocator(root: LecternSandbox.packageRoot))
        let picker = ThemePicker(application: application, settings: settings, themeController: controller)
        defer { gtk_window_destroy(cast(picker.window)) }
        #expect(picker.cardBuilds == 1)

        for scale in [1.1, 1.2, 1.3] {
            settings.textScale = scale
            controller.apply()
            picker.refresh()
        }
        #expect(picker.cardBuilds == 1, "a text size rebuilt the cards")

        settings.themeName = "Sepia"
        controller.apply()
        picker.refresh()
        #expect(picker.cardBuilds == 2, "another theme is shown as the current one")
    }
}
