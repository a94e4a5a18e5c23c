import CGtk4
import GtkBridge
import Testing
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
