import Foundation
@testable import Library
import Testing
import TestSupport

/// Notifications about new articles, end to end: the real app in the background on a private
/// bus, a stand-in notification server on it, and feeds on a loopback server that publishes
/// articles when told to.
@Suite("Notifications about new articles", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct NotificationTests {
    private let server: SiteServer
    private let sandbox: LecternSandbox
    private let notifications: FakeNotifications

    init() async throws {
        server = try await SiteServer(script: "Tests/LibraryTests/Fixtures/server.py")
        sandbox = try await LecternSandbox()
        notifications = try await FakeNotifications(sandbox: sandbox)
    }

    private func feed(_ name: String) -> String { "http://127.0.0.1:\(server.port)/news/\(name).xml" }

    private func publish(_ title: String, in feed: String) throws {
        let query = "feed=\(feed)&title=\(title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? title)"
        _ = try String(contentsOf: URL(string: "http://127.0.0.1:\(server.port)/_publish?\(query)")!, encoding: .utf8)
    }

    private func library() throws -> LibraryStore {
        try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
    }

    /// Subscribes to `names` (each with one article already), then starts Lectern in the background.
    private func startWithFeeds(_ names: [String]) async throws -> Process {
        for name in names { try publish("\(name) before", in: name) }
        try #require(await sandbox.run(["--batch"] + names.map { feed($0) }, environment: ["DISPLAY": nil]).status == 0)
        let app = try sandbox.start(["--background"])
        try #require(await sandbox.lecternIsRunning())
        return app
    }

    /// A refresh forwarded to the running Lectern, as `lectern --refresh` in a terminal.
    private func refresh() async throws {
        let result = await sandbox.run(["--refresh"])
        try #require(result.status == 0, "\(result.stderr)")
    }

    /// The notifications once `count` have come, and a moment longer for any extra one.
    private func settled(_ count: Int) async -> [FakeNotifications.Received] {
        _ = await eventually(timeout: 10) { notifications.received.count >= count }
        await pause(seconds: 0.7)
        return notifications.received
    }

    /// The notifications after two quiet seconds (for checking that none came).
    private func afterAPause() async -> [FakeNotifications.Received] {
        await pause(seconds: 2.0)
        return notifications.received
    }


    @Test func oneNewArticleIsAnnouncedByItsTitleAndMarkAsReadMarksIt() async throws {
        let app = try await startWithFeeds(["Harbour", "Quiet"])
        defer { app.stop() }
        let store = try library()
        let quiet = try #require(try store.feeds().first { $0.title == "Quiet" })
        try store.setNotify(false, feedID: quiet.id)
        try publish("The last funicular", in: "Harbour")
        try publish("Nothing to see", in: "Quiet")
        try await refresh()

        let received = await settled(1)
        #expect(received.count == 1, "one notification per refresh, none for the muted feed: \(received.map(\.summary))")
        let notice = try #require(received.first)
        #expect(notice.summary == "The last funicular")
        #expect(notice.body == "Harbour")
        #expect(await app.visibleWindows(titled: "Lectern").isEmpty, "a background refresh opened the window")

        let markAsRead = try #require(notice.button("Mark as Read"), "no Mark as Read button: \(notice.actions)")
        try notifications.invoke(notice, action: markAsRead)
        let rows = { try store.articles(ArticleQuery(view: .all)) }
        #expect(await eventually(timeout: 10) { (try? rows().first { $0.title == "The last funicular" }?.read) == true })
        #expect(try rows().filter { !$0.read }.compactMap(\.title).sorted() == ["Harbour before", "Nothing to see", "Quiet before"],
                "Mark as Read marked more than the notified article")
    }

    @Test func severalArticlesAreCountedWithTheirFeedsAndClickingShowsTheWindow() async throws {
        let app = try await startWithFeeds(["Alpha", "Beta"])
        defer { app.stop() }
        for title in ["One", "Two"] { try publish(title, in: "Alpha") }
        try publish("Three", in: "Beta")
        try await refresh()

        let received = await settled(1)
        #expect(received.count == 1)
        let notice = try #require(received.first)
        #expect(notice.summary == "3 new articles")
        #expect(notice.body == "From Alpha and Beta")
        #expect(await app.visibleWindows(titled: "Lectern").isEmpty)
        try notifications.invoke(notice, action: "default")
        #expect(await eventually(timeout: 10) { await !app.visibleWindows(titled: "Lectern").isEmpty }, "clicking the notification did not show the window")
    }

    @Test func aNewFeedAndAnImportStayQuietUntilTheirNextRefresh() async throws {
        let app = try await startWithFeeds(["Known"])
        defer { app.stop() }
        // A feed subscribed now brings its articles without a word.
        try publish("Already there", in: "Fresh")
        #expect(await sandbox.run(["--add-feed", feed("Fresh")]).status == 0)
        #expect(await afterAPause().map(\.summary) == [], "subscribing announced the feed's articles")
        // Nor does an imported feed's first refresh, imported now or before.
        try publish("Imported story", in: "Imported")
        try publish("Earlier story", in: "Earlier")
        let opml = { (name: String) throws -> String in
            let file = sandbox.root.appending(path: "\(name).opml")
            try "<opml version=\"2.0\"><body><outline text=\"\(name)\" xmlUrl=\"\(feed(name))\"/></body></opml>"
                .write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
        #expect(await sandbox.run(["--batch", "--import-opml", try opml("Earlier")], environment: ["DISPLAY": nil]).status == 0)
        #expect(await sandbox.run(["--import-opml", try opml("Imported"), "--refresh"]).status == 0)
        #expect(try library().count(.all) == 4, "the imports did not bring their feeds' articles")
        #expect(await afterAPause().map(\.summary) == [], "an import's first refresh announced its articles")
        try publish("Old news", in: "Known")
        // Its first refresh afterwards does announce what is new since.
        try publish("Breaking", in: "Fresh")
        try await refresh()
        let received = await settled(1)
        #expect(received.map(\.summary) == ["2 new articles"])
        #expect(received.first?.body == "From Fresh and Known")
    }

    @Test func theAppsSwitchTurnedOffKeepsEveryRefreshQuiet() async throws {
        try sandbox.write(settings: "[notifications]\nnew-articles=false\n")
        let app = try await startWithFeeds(["Known"])
        defer { app.stop() }
        try publish("Breaking", in: "Known")
        try await refresh()
        #expect(try library().count(.all) == 2, "the refresh did not bring the new article")
        #expect(await afterAPause().isEmpty, "notified with the switch off")
    }
}
