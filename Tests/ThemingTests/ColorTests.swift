import Testing
@testable import Theming

@Suite("Colour values")
struct ColorTests {
    @Test func parsesTheThreeHexForms() throws {
        let short = try #require(Color(hex: "#FA0"))
        #expect(short.hex == "#ffaa00")
        let long = try #require(Color(hex: "#FAF8F5"))
        #expect(long.hex == "#faf8f5")
        let translucent = try #require(Color(hex: "#1C191580"))
        #expect(translucent.hex == "#1c191580")
        #expect(abs(translucent.alpha - 128.0 / 255) < 1e-9)
    }

    @Test("rejects what is not a colour", arguments: ["", "#", "FAF8F5", "#12345", "#GGGGGG", "#faf8f5 ", "#1234567", "red"])
    func rejects(_ text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test func cssUsesRGBAForTranslucentColours() throws {
        #expect(try #require(Color(hex: "#faf8f5")).css == "#faf8f5")
        #expect(try #require(Color(hex: "#00000080")).css == "rgba(0, 0, 0, 0.502)")
    }

    @Test func wcagLuminanceAndContrast() throws {
        let white = try #require(Color(hex: "#fff"))
        let black = try #require(Color(hex: "#000"))
        #expect(white.relativeLuminance == 1)
        #expect(black.relativeLuminance == 0)
        #expect(abs(white.contrastRatio(with: black) - 21) < 1e-9)
        #expect(abs(black.contrastRatio(with: white) - 21) < 1e-9)
        // A published reference value: #777 on white is 4.48:1.
        let grey = try #require(Color(hex: "#777777"))
        #expect(abs(grey.contrastRatio(with: white) - 4.478) < 0.01)
    }

    @Test func translucentForegroundIsCompositedFirst() throws {
        let halfBlack = try #require(Color(hex: "#00000080"))
        let white = try #require(Color(hex: "#ffffff"))
        let composited = halfBlack.composited(over: white)
        #expect(composited.alpha == 1)
        #expect(composited.hex == "#7f7f7f")
        #expect(abs(halfBlack.contrastRatio(with: white) - composited.contrastRatio(with: white)) < 1e-9)
    }

    @Test("HSL round trip keeps the colour", arguments: ["#faf8f5", "#a9551d", "#0a3c91", "#5ce68a", "#808080"])
    func hslRoundTrip(_ hex: String) throws {
        let color = try #require(Color(hex: hex))
        #expect(Color(hsl: color.hsl).quantized.hex == hex)
    }
}
