import Foundation
@testable import Library
import Testing
import TestSupport
import Theming

/// A new Lectern meets a library written by an older one: the window is on screen at once
/// and says the library is being upgraded, the panes arrive when the upgrade is done, and
/// nothing is lost.
@Suite("Library upgrade at start-up", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct LibraryUpgradeTests {
    private let paper = try? #require(ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"),
                                                   userDirectory: nil).theme(named: "Paper"))

    /// A schema-1 library (in WAL mode, as Lectern wrote them) with one feed and three articles.
    private func versionOneLibrary(at path: String) throws {
        let database = try SQLiteDatabase(path: path)
        try database.execute("PRAGMA journal_mode = WAL; " + Schema.version1 + "; PRAGMA user_version = 1")
        try database.execute("""
            INSERT INTO feeds (id, url, title, added_at) VALUES (1, 'https://example.org/feed', 'Example', 0);
            INSERT INTO articles (id, feed_id, guid, title, sort_date, content, excerpt, arrived)
            VALUES (1, 1, 'a', 'Tea', 100, '<p>Oolong</p>', 'Oolong', 100),
                   (2, 1, 'b', 'Coffee', 200, '<p>Espresso</p>', 'Espresso', 200),
                   (3, 1, 'c', 'Cocoa', 300, '<p>Beans</p>', 'Beans', 300);
            """)
    }

    /// The colour at the sidebar's place: the sidebar's background once the panes are there.
    private func sidebarColour(_ sandbox: LecternSandbox, shot: String) async -> String? {
        guard await sandbox.run(["--screenshot", shot]).status == 0, let image = PNGImage(path: shot) else { return nil }
        return image.hex(x: 60, y: image.height - 40)
    }

    @Test func theWindowSaysTheLibraryIsUpgradedWhileItIs() async throws {
        let paper = try #require(paper)
        let sidebar = paper.color(.bgSecondary, for: .light).hex.lowercased()
        let page = paper.color(.bgPrimary, for: .light).hex.lowercased()
        let sandbox = try await LecternSandbox()
        let path = sandbox.dataDirectory.appending(path: "library.sqlite").path
        try versionOneLibrary(at: path)
        // Another connection holds the write lock, so the upgrade has to wait for it.
        let blocker = try SQLiteDatabase(path: path)
        try blocker.execute("BEGIN IMMEDIATE")

        let log = sandbox.root.appending(path: "lectern.log")
        let app = try sandbox.start(["--theme", "Paper", "--color-scheme", "light"], log: log)
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        let shot = sandbox.root.appending(path: "shot.png").path
        // The upgrade waits up to a minute for the lock (Schema.upgradeBusyTimeout): time enough
        // for a loaded machine's screenshots to catch the page.
        let upgrading = await eventually(timeout: 30) { await sidebarColour(sandbox, shot: shot) == page }
        try blocker.execute("ROLLBACK")
        #expect(upgrading, "the window showed no upgrade page while the upgrade waited")

        #expect(await eventually(timeout: 20) { await sidebarColour(sandbox, shot: shot) == sidebar }, "the panes never came")
        #expect(try SQLiteDatabase(path: path, readOnly: true).scalar("PRAGMA user_version") == Int64(Schema.version))
        let store = try LibraryStore.open(path: path)
        #expect(try store.articles(ArticleQuery(view: .all)).map(\.title) == ["Cocoa", "Coffee", "Tea"])
        let image = try #require(PNGImage(path: shot))
        #expect(image.count(of: paper.color(.stateUnread, for: .light).hex.lowercased()) > 10, "the articles are listed")
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(!text.contains("could not be opened"), "\(text)")
    }
}
