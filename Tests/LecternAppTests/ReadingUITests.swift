import Foundation
import Library
import Testing
import TestSupport
import Theming

/// The real app with a seeded library: what the panes show, and reading commands (the
/// actions the keys j/k/n/m/s trigger) changing the selection and the stored status.
@Suite("Reading UI", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct ReadingUITests {
    private let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)

    private func seededSandbox() async throws -> LecternSandbox {
        let sandbox = try await LecternSandbox()
        let opml = LecternSandbox.packageRoot.appending(path: "data/samples/samples.opml").path
        let seeded = await sandbox.run(["--batch", opml, "--refresh"], environment: ["DISPLAY": nil])
        try #require(seeded.status == 0, "\(seeded.stderr)")
        return sandbox
    }

    @Test func theWindowRefreshesByItselfShortlyAfterStartUp() async throws {
        let sandbox = try await LecternSandbox()
        let opml = LecternSandbox.packageRoot.appending(path: "data/samples/samples.opml").path
        try #require(await sandbox.run(["--batch", opml], environment: ["DISPLAY": nil]).status == 0)   // subscribed, not fetched
        let store = try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
        #expect(try store.count(.all) == 0)
        let app = try sandbox.start([])
        defer { app.stop() }
        #expect(await eventually(timeout: 30) { (try? store.count(.all)) == 5 }, "the automatic refresh fetched the feeds")
    }

    @Test func aFeedMovesOutOfItsFolderFromTheSidebarMenu() async throws {
        let sandbox = try await seededSandbox()
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        let store = try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
        let feed = try #require(try store.feeds().first { $0.title == "The Reading Room" })
        try #require(feed.folderID != nil)
        await sandbox.activate("move-feed", "[<'\(feed.id):none'>]")
        #expect(await eventually(timeout: 5) { (try? store.feed(id: feed.id))??.folderID == nil })
    }

    @Test(arguments: [("Paper", "light"), ("Paper", "dark"), ("Midnight", "light"), ("Midnight", "dark")])
    func thePanesWearTheThemeInBothVariants(themeName: String, scheme: String) async throws {
        let sandbox = try await seededSandbox()
        let shot = sandbox.root.appending(path: "\(themeName)-\(scheme).png").path
        let result = await sandbox.run(["--theme", themeName, "--color-scheme", scheme, "--screenshot", shot])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try #require(PNGImage(path: shot))
        let theme = try #require(catalog.theme(named: themeName))
        let variant = try #require(ColorScheme(rawValue: scheme))
        #expect(image.hex(x: image.width * 3 / 4, y: image.height - 40) == theme.color(.bgPrimary, for: variant).hex.lowercased(),
                "the reader pane")
        #expect(image.hex(x: 60, y: image.height - 40) == theme.color(.bgSecondary, for: variant).hex.lowercased(),
                "the sidebar")
        #expect(image.count(of: theme.color(.stateUnread, for: variant).hex.lowercased()) > 20, "unread dots in the list")
    }

    @Test func readingCommandsMoveTheSelectionAndAreStored() async throws {
        let sandbox = try await seededSandbox()
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        let store = try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
        let newest = try store.articles(ArticleQuery(view: .all, limit: 5))
        try #require(newest.count == 5)
        #expect(try store.unreadCounts().all == 5)

        await sandbox.activate("next-article")       // j: opens the newest, marked read on open
        await sandbox.activate("next-article")       // j: the second
        await sandbox.activate("toggle-star")        // s: star it
        await sandbox.activate("previous-article")   // k: back to the first
        await sandbox.activate("toggle-read")        // m: mark it unread again
        #expect(await eventually(timeout: 5) { (try? store.article(id: newest[1].id))??.starred == true })

        let first = try #require(try store.article(id: newest[0].id))
        let second = try #require(try store.article(id: newest[1].id))
        #expect(!first.read, "m toggled the first article back to unread")
        #expect(second.read && second.starred)
        #expect(try store.unreadCounts().all == 4)

        await sandbox.activate("next-unread")        // n: from the first, the next unread skips the read second
        await sandbox.activate("toggle-star")
        #expect(await eventually(timeout: 5) { (try? store.article(id: newest[2].id))??.starred == true },
                "n moved to the third article")
    }
}
