import Foundation
import Glibc
@testable import Library
import Testing
import TestSupport

/// Library work in the running app, end to end: mark all as read and its undo, a kill -9
/// in the middle of a real refresh, and a feed that tries to make Lectern fetch its entities.
@Suite("Library work in the running app", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct RunningAppLibraryTests {
    private static let samples = LecternSandbox.packageRoot.appending(path: "data/samples/samples.opml").path

    private func library(_ sandbox: LecternSandbox) throws -> LibraryStore {
        try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
    }

    @Test func markAllReadCanBeUndone() async throws {
        let sandbox = try await LecternSandbox()
        try #require(await sandbox.run(["--batch", Self.samples, "--refresh"], environment: ["DISPLAY": nil]).status == 0)
        let store = try library(sandbox)
        let unread = try store.unreadCounts().all
        try #require(unread > 0)
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())

        // Nothing to undo yet: Ctrl+Z (app.undo) does nothing.
        await sandbox.activate("undo")
        #expect(try store.unreadCounts().all == unread)

        let allRead: @Sendable () -> Bool = { (try? store.unreadCounts().all) == 0 }
        #expect(await sandbox.activate("mark-all-read", thenWhen: allRead, ["undo"]), "everything was marked read")
        #expect(await eventually(timeout: 10) { (try? store.unreadCounts().all) == unread }, "the undo brought them back")
        // Once undone, there is nothing left to undo.
        #expect(await sandbox.activate("mark-all-read", thenWhen: allRead, ["undo", "undo"]))
        #expect(await eventually(timeout: 10) { (try? store.unreadCounts().all) == unread })
    }

    /// Twenty feeds that each take 1.5 s: the running app is killed with SIGKILL while it
    /// stores them. Every subscription, and every feed's articles that were stored, survive;
    /// no feed is half stored; the next refresh finishes the job.
    @Test func killDashNineDuringARefreshLosesNothing() async throws {
        let server = try await SiteServer()
        let sandbox = try await LecternSandbox()
        let outlines = (0..<20).map { "<outline text=\"Slow \($0)\" xmlUrl=\"http://127.0.0.1:\(server.port)/slow/\($0).xml\"/>" }
        let opml = sandbox.root.appending(path: "slow.opml")
        try "<opml version=\"2.0\"><body>\(outlines.joined())</body></opml>".write(to: opml, atomically: true, encoding: .utf8)
        try #require(await sandbox.run(["--batch", opml.path], environment: ["DISPLAY": nil]).status == 0)

        let app = try sandbox.start([])
        try #require(await sandbox.lecternIsRunning())
        await sandbox.activate("refresh")
        let store = try library(sandbox)
        try #require(await eventually(timeout: 60) { ((try? store.count(.all)) ?? 0) >= 20 }, "the refresh never stored anything")
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()
        #expect(app.terminationReason == .uncaughtSignal)

        let after = try library(sandbox)
        #expect(try after.integrityCheck() == "ok")
        #expect(try after.feeds().count == 20, "a subscription was lost")
        let stored = try after.count(.all)
        #expect(stored < 200, "the refresh had finished before the kill; nothing was tested")
        #expect(stored % 10 == 0, "a feed was half stored: \(stored) articles")
        for feed in try after.feeds() {
            let count = try after.count(.feed(feed.id))
            #expect(count == 0 || count == 10, "\(feed.title ?? feed.url): \(count) articles")
        }
        let again = await sandbox.run(["--batch", "--refresh"], environment: ["DISPLAY": nil], timeout: 120)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try after.count(.all) == 200)
    }

    /// The feed declares an external entity and an external parameter entity on the same
    /// loopback site. Lectern stores the feed without ever asking the site for either.
    @Test func anExternalEntityInAFeedIsNeverFetched() async throws {
        let server = try await SiteServer()
        let sandbox = try await LecternSandbox()
        let feed = "http://127.0.0.1:\(server.port)/xxe.xml"
        let result = await sandbox.run(["--batch", "--add-feed", feed], environment: ["DISPLAY": nil])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.hits("/xxe.xml") == 1, "the feed itself was fetched")
        #expect(server.hits("/secret") == 0, "the external entity was requested")
        #expect(server.hits("/evil.dtd") == 0, "the external DTD was requested")
        let titles = try library(sandbox).articles(ArticleQuery(view: .all)).compactMap(\.title)
        #expect(titles.count == 1 && titles.allSatisfy { $0.hasPrefix("Leak:") }, "\(titles)")
    }
}
