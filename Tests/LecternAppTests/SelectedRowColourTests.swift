import Foundation
import Testing
import TestSupport
import Theming

/// A selected row is drawn in two colours: the selection's and the text's on it, a pair the
/// contrast checker holds to 4.5:1 (7:1 in High Contrast). The feed and date, the excerpt, the
/// unread dot, the star, and the sidebar's symbol and count kept their own tokens on the
/// selection; on High Contrast's, which is its accent, they were 1.0–1.6:1, unreadable in the
/// theme made for low vision.
@Suite("Selected rows' colours", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct SelectedRowColourTests {
    @Test(arguments: [("High Contrast", "light"), ("High Contrast", "dark"), ("Paper", "light"), ("Fjord", "dark")])
    func aSelectedRowHoldsOnlyTheSelectionAndItsText(theme name: String, scheme: String) async throws {
        let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)
        let theme = try #require(catalog.theme(named: name))
        let variant: ColorScheme = scheme == "dark" ? .dark : .light
        let (background, text) = (theme.color(.selectionBg, for: variant), theme.color(.selectionText, for: variant))
        let sandbox = try await LecternSandbox()
        try sandbox.write(settings: "[window]\nwidth=1100\nheight=700\nmaximized=false\n")
        let samples = LecternSandbox.packageRoot.appending(path: "data/samples/samples.opml").path
        try #require(await sandbox.run(["--batch", "--import-opml", samples, "--refresh"], environment: ["DISPLAY": nil]).status == 0)
        let app = try sandbox.start(["--theme", name, "--color-scheme", scheme])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        // The first article selected, starred and unread again: its row shows every part.
        for action in ["next-article", "toggle-star", "toggle-read"] { await sandbox.activate(action) }

        let path = sandbox.root.appending(path: "selected.png").path
        var rows: [(x: ClosedRange<Int>, y: ClosedRange<Int>)] = []
        var shot: PNGImage?
        _ = await eventually(timeout: 20) {   // until the sidebar's row and the list's are drawn selected
            guard await sandbox.run(["--screenshot", path]).answered(by: app), let image = PNGImage(path: path) else { return false }
            shot = image
            rows = Self.wideRuns(of: background.hex.lowercased(), in: image)
            return rows.count >= 2
        }
        let image = try #require(shot)
        try #require(rows.count >= 2, "the selected sidebar row and article row: \(rows)")
        for row in rows {
            // Inside the rounded corners and the row's first and last lines.
            let (xs, ys) = ((row.x.lowerBound + 10)...(row.x.upperBound - 10), (row.y.lowerBound + 2)...(row.y.upperBound - 2))
            var strays = 0, example = ""
            for y in ys {
                for x in xs where !Self.isBlend(image.rgb(x: x, y: y), of: background, and: text) {
                    strays += 1
                    if example.isEmpty { example = "\(image.hex(x: x, y: y)) at \(x),\(y)" }
                }
            }
            #expect(strays == 0, "\(name), \(scheme): the selected row at \(row) has \(strays) pixels neither \(background.hex), \(text.hex) nor between them, as \(example)")
        }
    }

    /// The lines' runs of at least 150 pixels of `hex`, gathered into rectangles (a selected
    /// row; the checked toggle beside the search is narrower).
    static func wideRuns(of hex: String, in image: PNGImage) -> [(x: ClosedRange<Int>, y: ClosedRange<Int>)] {
        var found: [(x: ClosedRange<Int>, y: ClosedRange<Int>)] = []
        for y in 0..<image.height {
            var x = 0
            while x < image.width {
                guard image.hex(x: x, y: y) == hex else { x += 1; continue }
                let start = x
                while x < image.width, image.hex(x: x, y: y) == hex { x += 1 }
                guard x - start >= 150 else { continue }
                let run = start...(x - 1)
                // Lines through text break the run: a run joins a rectangle it overlaps within 30 lines.
                if let last = found.lastIndex(where: { y - $0.y.upperBound <= 30 && $0.x.overlaps(run) }) {
                    found[last] = (min(found[last].x.lowerBound, start)...max(found[last].x.upperBound, run.upperBound), found[last].y.lowerBound...y)
                } else {
                    found.append((run, y...y))
                }
            }
        }
        return found.filter { $0.y.count >= 20 }
    }

    /// Whether `pixel` lies between the two colours, as text and symbols anti-aliased onto the
    /// selection do (within 10 of that line in each channel).
    static func isBlend(_ pixel: (red: Int, green: Int, blue: Int), of a: Color, and b: Color) -> Bool {
        let from = [a.r, a.g, a.b].map { $0 * 255 }, to = [b.r, b.g, b.b].map { $0 * 255 }
        let p = [Double(pixel.red), Double(pixel.green), Double(pixel.blue)]
        let span = zip(from, to).map { $1 - $0 }
        let length = span.reduce(0) { $0 + $1 * $1 }
        let t = length == 0 ? 0 : min(1, max(0, zip(zip(p, from), span).reduce(0) { $0 + ($1.0.0 - $1.0.1) * $1.1 } / length))
        return zip(zip(p, from), span).allSatisfy { abs($0.0 - ($0.1 + t * $1)) <= 10 }
    }
}
