import CGtk4
import Foundation
import GtkBridge
import Testing
@testable import LecternApp
import Theming

/// A new palette shows whole in the frame that draws it: GTK's theme fades colours on its
/// widgets (buttons, rows), and a theme switch or a colour being edited must not start those
/// fades. Afterwards the widgets fade on their own changes again.
@Suite("Transitions held for a new palette", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct TransitionHoldTests {
    private func colour(of widget: WidgetPointer) -> GdkRGBA {
        var rgba = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &rgba)
        return rgba
    }

    /// Runs the main loop until `window` has painted `frames` more frames.
    private func paint(_ window: WidgetPointer, frames: Int) throws {
        let clock = try #require(gtk_widget_get_frame_clock(window))
        var painted = 0
        let counting = connect(clock, .afterPaint) { painted += 1 }
        defer { counting.disconnect() }
        gtk_widget_queue_draw(window)
        let done = MainLoop.iterate(until: {
            if painted < frames { gtk_widget_queue_draw(window) }
            return painted >= frames
        }, timeout: 5)
        try #require(done, "the window painted \(painted) of \(frames) frames")
    }

    /// A red label on screen whose colour is the token `probe`, fading over 3 s as GTK's theme
    /// fades its widgets' colours, from below the app's token stylesheet (just below: GTK's
    /// theme, added later at the same priority, would win over a test's rule); the app's
    /// appearance installed. Waits for animations to be on (a hold another test's switch began
    /// ends within 500 ms). `done` takes it all away.
    private func probeOnScreen() throws -> (window: WidgetPointer, label: WidgetPointer, appearance: Appearance, done: () -> Void) {
        try #require(gtk_init_check() != 0)
        let settings = UnsafeMutableRawPointer(try #require(gtk_settings_get_default()))
        let animated = MainLoop.iterate(until: { Properties.bool(settings, "gtk-enable-animations") }, timeout: 1)
        try #require(animated, "animations are off here")
        let theme = CSSProvider()
        #expect(theme.load(".probe { color: @probe; transition: color 3s linear; }").isEmpty)
        theme.attach(priority: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) - 1)
        let appearance = Appearance(locator: nil)
        appearance.install()
        appearance.applyTokens(.init(palette: "@define-color probe #ff0000;", rules: ""))
        let label = Widgets.label("Palette", classes: ["probe"])
        let window = gtk_window_new()!
        gtk_window_set_child(cast(window), label)
        gtk_window_present(cast(window))
        try paint(window, frames: 3)
        return (window, label, appearance, {
            gtk_window_destroy(cast(window))
            appearance.uninstall()
            theme.detach()
        })
    }

    @Test func aNewPaletteIsDrawnWholeAndLaterChangesFadeAgain() throws {
        let (window, label, appearance, done) = try probeOnScreen()
        defer { done() }
        let settings = UnsafeMutableRawPointer(try #require(gtk_settings_get_default()))
        #expect(colour(of: label).red == 1 && colour(of: label).blue == 0)

        appearance.applyTokens(.init(palette: "@define-color probe #0000ff;", rules: ""))
        try paint(window, frames: 1)
        let shown = colour(of: label)
        #expect(shown.red == 0 && shown.blue == 1, "the new palette faded in: red \(shown.red), blue \(shown.blue)")
        try paint(window, frames: 2)   // the hold ends and the window restyles once more
        #expect(colour(of: label).blue == 1, "the palette changed after the hold ended")
        // It ends after every window on screen has painted, or after 500 ms (another test's window).
        let ended = MainLoop.iterate(until: { Properties.bool(settings, "gtk-enable-animations") }, timeout: 1)
        try #require(ended, "the hold never ended")

        // A change after the hold: GTK's fade plays.
        let later = CSSProvider()
        #expect(later.load("@define-color probe #00ff00;").isEmpty)
        later.attach(priority: UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 5)
        defer { later.detach() }
        try paint(window, frames: 2)
        let fading = colour(of: label)
        #expect(fading.green < 0.9 && fading.blue > 0.1, "the fade did not play after the hold: green \(fading.green), blue \(fading.blue)")
    }

    /// While the theme editor's changes are worn, each change shows whole as well, and GTK's
    /// animations stay off from one change to the next (turning them off and on costs a walk
    /// of every widget's style each way); they come back once the editor's theme is put away.
    @Test func animationsStayOffWhileAThemeIsEditedAndComeBackAfter() throws {
        let (window, label, appearance, done) = try probeOnScreen()
        defer { done() }
        let settings = UnsafeMutableRawPointer(try #require(gtk_settings_get_default()))
        appearance.holdsTransitions = true
        for (css, blue) in [("@define-color probe #0000ff;", 1.0), ("@define-color probe #ff0000;", 0.0)] {
            appearance.applyTokens(.init(palette: css, rules: ""))
            try paint(window, frames: 3)
            #expect(colour(of: label).blue == Float(blue), "an edit faded in")
            #expect(!Properties.bool(settings, "gtk-enable-animations"), "animations came back between two edits")
        }
        appearance.holdsTransitions = false
        try paint(window, frames: 1)
        let ended = MainLoop.iterate(until: { Properties.bool(settings, "gtk-enable-animations") }, timeout: 1)
        #expect(ended, "animations stayed off after the editing")
    }
}
