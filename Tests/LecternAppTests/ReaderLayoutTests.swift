import Foundation
import Testing
import TestSupport

/// The reader, ready for whole articles, checked by screenshots in two themes, both
/// variants: a 1200×600 photo keeps its aspect ratio with no blank bands, a 120×60 picture
/// is not upscaled, the table's header fills the table's one width, and a YouTube frame
/// is a themed card, not a gap.
@Suite("Reader layout of whole articles", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct ReaderLayoutTests {
    static let photo = "#3070c0", small = "#30c070"

    @Test(arguments: [("Fjord", "light"), ("Fjord", "dark"), ("Paper", "light"), ("Paper", "dark")])
    func figuresTablesAndEmbedsKeepTheirShape(theme: String, scheme: String) async throws {
        let server = try await SiteServer()
        let sandbox = try await LecternSandbox()
        try sandbox.write(settings: "[window]\nwidth=1100\nheight=800\nmaximized=false\n")
        try #require(await sandbox.run(["--batch", "--add-feed", "http://127.0.0.1:\(server.port)/showcase.xml"],
                                 environment: ["DISPLAY": nil]).status == 0)
        let css = await sandbox.run(["--print-css", "--theme", theme, "--color-scheme", scheme]).stdout
        let background = try #require(Self.colour("bg_primary", in: css)), panel = try #require(Self.colour("bg_secondary", in: css))
        let app = try sandbox.start(["--theme", theme, "--color-scheme", scheme])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        await sandbox.activate("next-article")
        let path = sandbox.root.appending(path: "\(theme)-\(scheme).png").path
        var shot: PNGImage?
        _ = await eventually(timeout: 20) {   // until both pictures arrived
            guard await sandbox.run(["--screenshot", path]).answered(by: app), let image = PNGImage(path: path),
                  image.bounds(of: Self.small, perLine: 20) != nil, image.bounds(of: Self.photo, perLine: 20) != nil else { return false }
            shot = image
            return true
        }
        let image = try #require(shot, "the pictures were never drawn")
        let photo = try #require(image.bounds(of: Self.photo, perLine: 20)), small = try #require(image.bounds(of: Self.small, perLine: 20))

        // The photo: the column's width, half as tall, nothing blank around it.
        let width = photo.x.count, height = photo.y.count
        #expect(abs(2 * height - width) <= 3, "aspect ratio kept: \(width)×\(height)")
        #expect(width < 1200, "scaled down to the column")
        // (Scaling softens the photo's outermost rows: the count starts past them.)
        let above = Self.blankRows(in: image, columns: photo.x, from: photo.y.lowerBound - 3, step: -1, background: background)
        let below = Self.blankRows(in: image, columns: photo.x, from: photo.y.upperBound + 3, step: 1, background: background)
        #expect(above < 40 && below < 40, "no blank bands: \(above) px above, \(below) px below")
        // The small picture: its own size, not stretched to the column.
        // (Its rounded corners soften the outermost pixel of each edge.)
        #expect((116...120).contains(small.x.count) && (56...60).contains(small.y.count), "\(small.x.count)×\(small.y.count)")

        // Below the photo, in the column: the table's header band, then its rows, then the card.
        let column = photo.x
        var bands: [(rows: Int, span: Int)] = []
        var y = photo.y.upperBound + 1
        while y < image.height - 1 {
            guard image.hex(x: column.lowerBound + 2, y: y) == panel else { y += 1; continue }
            let top = y
            while y < image.height - 1, image.hex(x: column.lowerBound + 2, y: y) == panel { y += 1 }
            // Lines (borders) are not bands; a band is measured above its text.
            if y - top >= 4 { bands.append((y - top, column.filter { image.hex(x: $0, y: top + 2) == panel }.count)) }
        }
        try #require(bands.count >= 2, "a header band and a card below the photo: \(bands)")
        #expect(bands[0].span >= column.count - 40, "the header's background fills the table's width: \(bands[0]) in \(column.count)")
        #expect(bands[1].rows >= 40 && bands[1].span >= column.count / 2, "the embed is a card in the panel colour: \(bands[1])")
    }

    /// `@define-color name #rrggbb;` from `--print-css`.
    static func colour(_ name: String, in css: String) -> String? {
        css.split(separator: "\n").first { $0.hasPrefix("@define-color \(name) #") }
            .map { String($0.split(separator: " ")[2].prefix(7)) }
    }

    /// How many rows, from `start` going by `step`, are all `background` across `columns`.
    static func blankRows(in image: PNGImage, columns: ClosedRange<Int>, from start: Int, step: Int, background: String) -> Int {
        var y = start, rows = 0
        while y > 0, y < image.height, columns.allSatisfy({ image.hex(x: $0, y: y) == background }) {
            rows += 1
            y += step
        }
        return rows
    }
}
