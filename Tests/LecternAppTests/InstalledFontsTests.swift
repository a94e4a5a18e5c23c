import CGtk4
import Testing
@testable import LecternApp

/// Pango's answer is the family GTK will draw with, whatever the list asks for.
@Suite("Installed fonts", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct InstalledFontsTests {
    @Test func aMissingFamilyComesToWhatItsFallbackDraws() throws {
        try #require(gtk_init_check() != 0)
        let fonts = InstalledFonts()
        let fallback = try #require(fonts.installedFamily(for: ["sans-serif"]))
        #expect(!fallback.isEmpty)
        #expect(fonts.installedFamily(for: ["No Such Family Anywhere", "sans-serif"]) == fallback)
        let installed = try #require(fonts.installedFamily(for: ["monospace"]))
        #expect(fonts.installedFamily(for: [installed, "sans-serif"]) == installed, "an installed family was not kept")
    }
}
