import CGtk4
import Foundation
import GtkBridge
import Testing
import Theming
@testable import LecternApp

/// The theme editor's changes are worn at the start of the window's next frame: a colour
/// dragged through several values between two frames loads the theme's CSS once, with the
/// last value, inside that frame rather than after it; and a window that leaves the screen
/// holds no change back.
@Suite("Theme preview pacing", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct ThemePreviewPacingTests {
    @Test func editsBetweenTwoFramesAreWornOnceInTheNextFrameWithTheLastValue() throws {
        try #require(gtk_init_check() != 0)
        let paperFile = LecternSandbox.packageRoot.appending(path: "Themes/paper.json")
        let paper = try #require(try ThemeDraft(contentsOf: paperFile).theme, "Paper could not be read")
        // The token CSS is loaded but not attached to the display: other tests' windows keep their look.
        let controller = ThemeController(settings: Settings(), appearance: Appearance(locator: nil),
                                         desktop: DesktopPreference(), locator: nil)
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 300, 200)
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let mapped = MainLoop.iterate(until: { gtk_widget_get_mapped(window) != 0 }, timeout: 5)
        try #require(mapped)
        controller.framePacers = { [window] }
        // The editor closed (GTK's animations come back for the tests after), while the window
        // that paces it still stands: put away after it, the preview's frame would be asked of a
        // window destroyed.
        defer { controller.preview = nil }
        guard let clock = gtk_widget_get_frame_clock(window) else { Issue.record("the window has no frame clock"); return }

        var appliedInFrames: [Int] = []
        controller.onApplied = { appliedInFrames.append(gdk_frame_clock_get_frame_counter(clock)) }
        var paintedFrames: [Int] = []
        let painted = connect(UnsafeMutableRawPointer(clock), .afterPaint) {
            paintedFrames.append(gdk_frame_clock_get_frame_counter(clock))
        }
        defer { painted.disconnect() }
        let firstFrame = MainLoop.iterate(until: { !paintedFrames.isEmpty }, timeout: 5)
        try #require(firstFrame, "the window never painted")
        paintedFrames = []

        for accent in ["#1F6FEB", "#8250DF", "#BF3989"] {
            controller.preview = (try Self.paper(paper, accent: accent), .light)
        }
        #expect(appliedInFrames.isEmpty, "an edit was worn before the window's next frame")
        let worn = MainLoop.iterate(until: { !paintedFrames.isEmpty && !appliedInFrames.isEmpty }, timeout: 5)
        try #require(worn, "the edits were never worn")
        _ = MainLoop.iterate(until: { paintedFrames.count >= 3 }, timeout: 1)

        #expect(appliedInFrames.count == 1, "three edits between two frames loaded the CSS \(appliedInFrames.count) times")
        #expect(appliedInFrames.first == paintedFrames.first, "the edit was worn in frame \(appliedInFrames), not in the next one painted (\(paintedFrames))")
        let css = try #require(controller.appliedCSS?.palette)
        #expect(css.lowercased().contains("#bf3989") && !css.lowercased().contains("#8250df"), "the last value does not win")

        // The window leaves the screen before the frame that was to wear an edit: the edit is
        // worn all the same, and the next one too (nothing waits for a frame that never comes).
        controller.preview = (try Self.paper(paper, accent: "#0A7D4F"), .light)
        gtk_widget_set_visible(window, 0)
        let wornHidden = MainLoop.iterate(until: { controller.appliedCSS?.palette.lowercased().contains("#0a7d4f") == true }, timeout: 2)
        #expect(wornHidden, "an edit waited for a frame of a window no longer shown")
        controller.preview = (try Self.paper(paper, accent: "#7D0A4F"), .light)
        let wornNext = MainLoop.iterate(until: { controller.appliedCSS?.palette.lowercased().contains("#7d0a4f") == true }, timeout: 2)
        #expect(wornNext, "the edit after it was never worn")
    }

    private static func paper(_ paper: Theme, accent hex: String) throws -> Theme {
        var colors = paper.colors
        let accent = try #require(Color(hex: hex))
        colors[.accent] = Adaptive(light: accent, dark: accent)
        return try Theme(name: paper.name, descriptions: paper.descriptions, colors: colors,
                         typography: paper.typography, spacing: paper.spacing, radii: paper.radii)
    }
}
