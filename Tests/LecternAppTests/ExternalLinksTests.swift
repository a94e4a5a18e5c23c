import Foundation
import Library
import Testing
@testable import LecternApp

/// What the desktop is handed to open, and what pictures are decoded at.
@Suite("Links and pictures from the web")
@MainActor
struct ExternalLinksTests {
    @Test(arguments: ["https://harbour.example/post", "http://harbour.example/", "mailto:ann@example.org", "HTTPS://Example.org"])
    func webPagesAndMailOpen(address: String) {
        #expect(ExternalLinks.refusal(address) == nil)
    }

    @Test(arguments: ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd", "ftp://example.org/x",
                      "tel:+331234", "smb://server/share", "vbscript:x", "", "harbour.example/post", " javascript:alert(1)"])
    func anythingElseIsRefusedWithItsKind(address: String) {
        let refusal = ExternalLinks.refusal(address)
        #expect(refusal != nil, "\(address) would be opened")
        if let scheme = URL(string: address.trimmingCharacters(in: .whitespaces))?.scheme, !scheme.isEmpty {
            #expect(refusal?.contains("\(scheme.lowercased()):") == true, "\(refusal ?? "")")
        }
    }

    @Test func aPictureIsDecodedAtNoMoreThanItIsShown() {
        let photo = ImageHeader(format: .jpeg, width: 6000, height: 4000)
        let shown = PictureDecoder.shownSize(of: photo, within: .article)
        #expect(shown.width == 1600 && shown.height == 1067)
        let tall = ImageHeader(format: .png, width: 1000, height: 20_000)
        let strip = PictureDecoder.shownSize(of: tall, within: .article)
        #expect(strip.width * strip.height <= PictureDecoder.Bounds.article.maxPixels && abs(Double(strip.height) / Double(strip.width) - 20) < 0.1)
        let small = ImageHeader(format: .png, width: 40, height: 30)
        #expect(PictureDecoder.shownSize(of: small, within: .article) == (40, 30), "never scaled up")
        #expect(PictureDecoder.shownSize(of: ImageHeader(format: .ico, width: 256, height: 256), within: .icon) == (64, 64))
    }

    @Test func aPictureDeclaringMoreThanLecternDecodesIsRefused() {
        // A PNG signature and an IHDR of 20 000 × 20 000 (400 megapixels; 1.6 GB decoded).
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        png += Data([0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 2, 0, 0, 0])
        #expect(PictureDecoder.acceptedHeader(png, within: .article) == nil)
        #expect(PictureDecoder.decode(png, within: .article) == nil)
    }
}
