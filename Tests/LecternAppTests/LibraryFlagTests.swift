import Foundation
import Testing
import TestSupport

@Suite("Library flags")
struct LibraryFlagTests {
    private let samples = LecternSandbox.packageRoot.appending(path: "data/samples")

    @Test func batchImportsRefreshesAndExportsWithoutAWindow() async throws {
        let sandbox = try await LecternSandbox()
        let noDisplay: [String: String?] = ["DISPLAY": nil]
        let imported = await sandbox.run(["--batch", samples.appending(path: "samples.opml").path], environment: noDisplay)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("2 new feeds"))

        let refreshed = await sandbox.run(["--batch", "--refresh"], environment: noDisplay)
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stderr.contains("[2/2]"), "progress lines:\n\(refreshed.stderr)")
        #expect(refreshed.stderr.contains("Refreshed 2 feeds: 5 new articles"))

        let export = sandbox.root.appending(path: "export.opml")
        let exported = await sandbox.run(["--batch", "--export-opml", export.path], environment: noDisplay)
        #expect(exported.status == 0)
        let opml = try String(contentsOf: export, encoding: .utf8)
        #expect(opml.contains("reading-room.rss") && opml.contains("lectern-notes.atom") && opml.contains("text=\"Lectern\""))

        // Imported into another library, the export's local feeds (the samples are files) are
        // skipped: a list never makes Lectern read a local file (web feeds come back: OPMLTests).
        let other = try await LecternSandbox()
        let again = await other.run(["--batch", "--import-opml", export.path], environment: noDisplay)
        #expect(again.stderr.contains("0 new feeds, 2 skipped (local files"), "\(again.stderr)")
    }

    @Test func batchExitsOneAndNamesWhatFailed() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--batch", "--add-feed", "http://127.0.0.1:9/feed.xml",
                                  "--import-opml", "/nonexistent/list.opml"], environment: ["DISPLAY": nil])
        #expect(result.status == 1)
        #expect(result.stderr.contains("2 problems"))
        #expect(result.stderr.contains("- http://127.0.0.1:9/feed.xml"))
        #expect(result.stderr.contains("- /nonexistent/list.opml"))
    }

    @Test func usageErrorsAroundBatchExitTwo() async throws {
        let sandbox = try await LecternSandbox()
        #expect(await sandbox.run(["--batch"]).status == 2)
        let mixed = await sandbox.run(["--batch", "--refresh", "--theme", "Paper"])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("--theme cannot be used with it"))
        let unknown = await sandbox.run(["notes.txt"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("don't know what to do with \"notes.txt\""))
    }

    @Test(.enabled(if: hasDisplay, "needs a display: run under make check"))
    func aForwardedAddFeedIsDoneByTheRunningInstance() async throws {
        let sandbox = try await LecternSandbox()
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        let feed = "file://" + samples.appending(path: "reading-room.rss").path
        let added = await sandbox.run([feed], timeout: 30)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("Subscribed to The Reading Room (2 articles)"))
        #expect(app.isRunning)
        let duplicate = await sandbox.run(["--add-feed", feed], timeout: 30)
        #expect(duplicate.status == 1, "subscribing twice is refused politely")
        #expect(duplicate.stderr.lowercased().contains("already"), "\(duplicate.stderr)")
    }
}
