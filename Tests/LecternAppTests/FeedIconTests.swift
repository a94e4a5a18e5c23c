import Foundation
import Testing
import TestSupport

@Suite("Feed icons", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct FeedIconTests {
    @Test func theSitesFaviconIsFetchedOnceCachedAndShownInTheSidebar() async throws {
        let server = try await SiteServer()
        let sandbox = try await LecternSandbox()
        let feed = "http://127.0.0.1:\(server.port)/feed.xml"
        try #require(await sandbox.run(["--batch", "--add-feed", feed], environment: ["DISPLAY": nil]).status == 0)
        let icons = sandbox.root.appending(path: "cache/lectern/icons")

        let shot = sandbox.root.appending(path: "icons.png").path
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        #expect(await eventually(timeout: 10) {
            ((try? FileManager.default.contentsOfDirectory(atPath: icons.path)) ?? []).contains { $0.hasSuffix(".icon") }
        }, "the favicon is cached")
        // The sidebar shows the icon once it is cached: look until it does (a hang guard only).
        #expect(await eventually(timeout: 10) {
            await sandbox.run(["--screenshot", shot]).answered(by: app) && (PNGImage(path: shot)?.count(of: "#c03060") ?? 0) >= 100
        }, "the 16×16 icon is drawn in the sidebar of the running window")

        // A second start uses the cached icon without asking the site again.
        app.stop()
        let hits = server.favicons
        #expect(hits == 1, "asked once")
        let again = await sandbox.run(["--screenshot", sandbox.root.appending(path: "again.png").path])
        #expect(again.status == 0)
        #expect(server.favicons == hits)
    }
}
