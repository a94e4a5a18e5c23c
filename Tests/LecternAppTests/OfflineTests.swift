import Foundation
@testable import Library
import Testing
import TestSupport

/// Offline, and back: Lectern in a network namespace whose default route the test takes away
/// and gives back, so GIO's network monitor sees the computer go offline and online for real.
/// The feed server lives in the same namespace on loopback, which works either way: a refresh
/// that ran while "offline" would succeed, so the test sees whether Lectern waited.
@Suite("Offline and back", .enabled(if: hasDisplay && NetworkNamespace.available,
                                    "needs root (a network namespace) and a display: run under make check"))
struct OfflineTests {
    @Test func aTimedRefreshWaitsWhileOfflineAndRunsByItselfWhenTheNetworkIsBack() async throws {
        let namespace = try await NetworkNamespace()
        let server = try await SiteServer(script: "Tests/LibraryTests/Fixtures/server.py", launcher: namespace.launcher)
        let sandbox = try await LecternSandbox()
        let base = "http://127.0.0.1:\(server.port)"
        try await namespace.get("\(base)/_publish?feed=Alpha&title=Before")
        let added = await sandbox.run(["--batch", "--add-feed", "\(base)/news/Alpha.xml"], environment: ["DISPLAY": nil],
                                launcher: namespace.launcher)
        try #require(added.status == 0, "\(added.stderr)")
        try await namespace.get("\(base)/_publish?feed=Alpha&title=While+offline")
        let store = try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
        let before = try #require(try store.feeds().first).fetchState

        let app = try sandbox.start(["--background"], launcher: namespace.launcher)
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        // The refresh due shortly after start-up (5 s) waits: nothing fetched, nothing failed.
        await pause(seconds: 8)
        let waiting = try #require(try store.feeds().first).fetchState
        #expect(try store.count(.all) == 1, "Lectern refreshed although the computer was offline")
        #expect(waiting.lastAttempt == before.lastAttempt && waiting.failureCount == 0 && waiting.lastError == nil,
                "the feed was marked for the offline time: \(waiting)")

        try await namespace.setOnline(true)
        #expect(await eventually(timeout: 20) { (try? store.count(.all)) == 2 }, "the refresh did not run when the network came back")
        let after = try #require(try store.feeds().first).fetchState
        #expect(after.lastError == nil && after.failureCount == 0)
    }

    /// Every feed's server gone (the feed server stopped answering): one message, no feed marked.
    @Test func aRefreshThatReachesNoServerSaysSoOnceAndMarksNoFeed() async throws {
        let sandbox = try await LecternSandbox()
        var server: SiteServer? = try await SiteServer(script: "Tests/LibraryTests/Fixtures/server.py")
        let base = "http://127.0.0.1:\(server!.port)"
        let feeds = (0..<5).map { "\(base)/bench/\($0).xml" }
        try #require(await sandbox.run(["--batch"] + feeds, environment: ["DISPLAY": nil]).status == 0)
        server = nil   // stops it: every address now refuses connections
        _ = server
        let result = await sandbox.run(["--batch", "--refresh"], environment: ["DISPLAY": nil])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("reach") }
        #expect(lines.count == 2, "one progress line and one failure, not one per feed: \(result.stderr)")
        #expect(result.stderr.contains(LibraryService.offlineMessage))
        let store = try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
        #expect(try store.feeds().allSatisfy { $0.fetchState.failureCount == 0 && $0.fetchState.lastError == nil })
    }
}
