import Foundation
import Testing
import TestSupport

@Suite("Screenshots of the main window", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct ScreenshotTests {
    @Test func screenshotIsAPNGOfTheRestoredWindowSize() async throws {
        let sandbox = try await LecternSandbox()
        try sandbox.write(settings: "# kept across saves\n[window]\nwidth=900\nheight=640\nmaximized=false\n")
        let shot = sandbox.root.appending(path: "shot.png").path

        let result = await sandbox.run(["--screenshot", shot])

        #expect(result.status == 0, "\(result.stderr)")
        let image = try #require(PNGImage(path: shot), "no PNG was written")
        // The window may lose a few pixels to its frame, never gain any.
        #expect((888...900).contains(image.width), "width \(image.width)")
        #expect((628...640).contains(image.height), "height \(image.height)")
        #expect(result.stdout.contains("\(image.width)×\(image.height)"))

        let saved = try String(contentsOf: sandbox.settingsFile, encoding: .utf8)
        #expect(saved.contains("# kept across saves"), "a user's comment survives the save")
        #expect(saved.contains("width=900"))
    }

    /// On a HiDPI screen (a 4K monitor at 200 %) the screenshot has the screen's pixels: twice
    /// as many each way, drawn at that resolution rather than enlarged.
    @Test func onADoubleScaleScreenTheScreenshotHasTheScreensPixels() async throws {
        let sandbox = try await LecternSandbox()
        try sandbox.write(settings: "[window]\nwidth=640\nheight=400\nmaximized=false\n")
        let single = sandbox.root.appending(path: "single.png").path, double = sandbox.root.appending(path: "double.png").path

        let atOne = await sandbox.run(["--screenshot", single])
        let atTwo = await sandbox.run(["--screenshot", double], environment: ["GDK_SCALE": "2"])

        #expect(atOne.status == 0 && atTwo.status == 0, "\(atOne.stderr)\n\(atTwo.stderr)")
        let one = try #require(PNGImage(path: single)), two = try #require(PNGImage(path: double))
        #expect(two.width == 2 * one.width && two.height == 2 * one.height, "\(one.width)×\(one.height) at 1, \(two.width)×\(two.height) at 2")
        #expect(atTwo.stdout.contains("\(two.width)×\(two.height)"), "the message gives the picture's size: \(atTwo.stdout)")
        // Text and symbols drawn at 2× have edges finer than a pixel of the 1× picture.
        #expect(two.mixedTwoByTwoBlocks > 2_000, "\(two.mixedTwoByTwoBlocks) blocks of 2 × 2 pixels hold more than one colour")
    }

    @Test(arguments: [("light", "#faf8f5"), ("dark", "#1c1915")])
    func screenshotShowsThePaperBackgroundOfTheScheme(scheme: String, background: String) async throws {
        let sandbox = try await LecternSandbox()
        let shot = sandbox.root.appending(path: "paper-\(scheme).png").path
        let result = await sandbox.run(["--theme", "Paper", "--color-scheme", scheme, "--screenshot", shot])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try #require(PNGImage(path: shot))
        // The reader pane fills the right half with bg_primary.
        #expect(image.hex(x: image.width * 3 / 4, y: image.height - 40) == background)
        let saved = try String(contentsOf: sandbox.settingsFile, encoding: .utf8)
        #expect(saved.contains("theme=Paper") && saved.contains("color-scheme=\(scheme)"), "remembered:\n\(saved)")
    }

    @Test func relativeScreenshotPathIsResolvedAgainstTheCallersFolder() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--screenshot", "relative-shot.png"])
        #expect(result.status == 0, "\(result.stderr)")
        // Foundation's Process starts the child in the test's working directory.
        let expected = URL(filePath: FileManager.default.currentDirectoryPath).appending(path: "relative-shot.png")
        defer { try? FileManager.default.removeItem(at: expected) }
        #expect(FileManager.default.fileExists(atPath: expected.path))
    }

    @Test func unwritableScreenshotPathFailsWithStatus1() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--screenshot", "/nonexistent-folder/shot.png"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("could not save the screenshot"))
    }
}
