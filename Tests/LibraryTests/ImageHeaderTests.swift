import Foundation
import Testing
@testable import Library

/// A picture's declared size is read before any decoder sees it (ImageHeader): the hostile
/// server's pictures declaring up to 100 000 × 100 000 pixels are refused, real ones pass, and
/// no bytes at all can make the reader trap.
@Suite struct ImageHeaderTests {
    private func picture(_ path: String) throws -> Data {
        try Data(contentsOf: try hostile().url(path))
    }

    @Test(arguments: [("png", ImageHeader.Format.png, 100_000, 100_000), ("jpeg", .jpeg, 65_500, 65_500),
                      ("gif", .gif, 65_535, 65_535), ("webp", .webp, 100_000, 100_000), ("bmp", .bmp, 100_000, 100_000),
                      ("ico", .ico, 100_000, 100_000)])
    func aHugeDeclaredSizeIsRefusedBeforeDecoding(name: String, format: ImageHeader.Format, width: Int, height: Int) throws {
        let header = try #require(ImageHeader(try picture("/huge/\(name)")), "\(name) not recognised")
        #expect(header == ImageHeader(format: format, width: width, height: height))
        #expect(!header.isDecodable)
    }

    @Test(arguments: [("png", ImageHeader.Format.png), ("jpeg", .jpeg), ("gif", .gif)])
    func aRealPictureIsDecodable(name: String, format: ImageHeader.Format) throws {
        let header = try #require(ImageHeader(try picture("/small/\(name)")))
        #expect(header == ImageHeader(format: format, width: 40, height: 30))
        #expect(header.isDecodable)
    }

    @Test func anythingElseIsNoPicture() {
        #expect(ImageHeader(Data("<html><body>not found</body></html>".utf8)) == nil)
        #expect(ImageHeader(Data()) == nil)
        #expect(ImageHeader(Data("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))?.format == .svg)
    }

    /// Every prefix of every picture the server sends: an answer or nil, never a trap.
    @Test func everyTruncationIsSafe() throws {
        for path in ["/huge/png", "/huge/jpeg", "/huge/gif", "/huge/webp", "/huge/bmp", "/huge/ico", "/small/png", "/small/jpeg"] {
            let data = try picture(path)
            for length in 0...data.count { _ = ImageHeader(data.prefix(length)) }
        }
    }
}
