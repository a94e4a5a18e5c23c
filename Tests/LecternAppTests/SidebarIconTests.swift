import CGtk4
import Foundation
import GtkBridge
import Library
import Testing
import TestSupport
import Theming
@testable import LecternApp

/// A feed's icon arriving (downloaded in the background) is put in its sidebar row as it is:
/// the rows are not built again, so a menu open on one of them stays open and nothing moves.
@Suite("Sidebar icons", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct SidebarIconTests {
    /// A 16×16 PNG of one colour.
    private static let png = Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGUlEQVR4nGM4YJDwnxLMMGrAqAGjBgwXAwBL4E8fS8/xpwAAAABJRU5ErkJggg==")!

    @Test func anArrivingIconFillsItsRowAndAnOpenMenuStays() throws {
        try #require(gtk_init_check() != 0)
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-sidebar-icons-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try LibraryStore.open(path: folder.appending(path: "library.sqlite").path)
        let url = "http://127.0.0.1:9/feed.xml"   // nothing listens: the cache's own fetch finds nothing
        try store.addFeed(url: url, title: "Harbour")
        let icons = FeedIconCache(folder: folder.appending(path: "icons"))
        let sidebar = SidebarController(access: StoreAccess(store: store), icons: icons)
        let index = try #require(sidebar.items.firstIndex { $0.title == "Harbour" })
        guard case .feed(let feed) = sidebar.items[index] else { Issue.record("Harbour is not a feed row"); return }
        let feedID = feed.id
        let window = gtk_window_new()!
        gtk_window_set_default_size(cast(window), 300, 500)
        gtk_window_set_child(cast(window), sidebar.widget)
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let list = try #require(Widgets.descendants(of: sidebar.widget).first { gtk_widget_has_css_class($0, "navigation-list") != 0 })
        let row = try #require(gtk_list_box_get_row_at_index(OpaquePointer(list), Int32(index)))
        let content = try #require(gtk_list_box_row_get_child(row))
        let image = try #require(gtk_widget_get_first_child(content))
        let shown = MainLoop.iterate(until: { gtk_widget_get_mapped(image) != 0 }, timeout: 5)
        try #require(shown)
        #expect(gtk_image_get_storage_type(OpaquePointer(image)) == GTK_IMAGE_ICON_NAME, "the generic feed symbol first")

        let menu = Menu()
        menu.append("Rename…", action: "app.rename", target: "feed:\(feedID)")
        ContextMenus.popUp(menu, at: content)
        let popover = try #require(Widgets.descendants(of: content).first {
            g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer($0)), gtk_popover_get_type()) != 0
        })
        let opened = MainLoop.iterate(until: { gtk_widget_get_mapped(popover) != 0 }, timeout: 5)
        try #require(opened, "the menu did not open")
        defer { MenuClosing.closeBeforeItsWindowGoes { gtk_popover_popdown(cast(popover)) } }

        try FileManager.default.createDirectory(at: folder.appending(path: "icons"), withIntermediateDirectories: true)
        try Self.png.write(to: FeedIconCache.iconFile(forFeedURL: url, in: folder.appending(path: "icons")))
        icons.onIcon?(feedID)
        _ = MainLoop.iterate(until: { false }, timeout: 0.3)

        #expect(gtk_list_box_get_row_at_index(OpaquePointer(list), Int32(index)) == row, "the rows were built again")
        #expect(gtk_image_get_storage_type(OpaquePointer(image)) == GTK_IMAGE_PAINTABLE, "the row does not show the icon")
        #expect(gtk_widget_get_mapped(popover) != 0, "the open menu went away")
    }

    private func slowIconFeeds(on server: SiteServer) -> [Feed] {
        (1...16).map { number in
            Feed(id: Int64(number), url: "http://127.0.0.1:\(server.port)/feed/\(number).xml",
                 iconURL: "http://127.0.0.1:\(server.port)/slow-icon/\(number).png")
        }
    }

    /// Turns the main loop, letting the main actor run between turns (where a fetch finishes),
    /// until `done` or `seconds` of turns.
    private func turn(until done: () -> Bool = { false }, seconds: Double) async throws {
        for _ in 0..<Int(seconds * 20) where !done() {
            MainLoop.iterate(until: { false }, timeout: 0.05)
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// A library of many feeds asks for their icons a few at a time, never all together, and
    /// every icon still arrives.
    @Test func iconsAreFetchedAFewAtATime() async throws {
        try #require(gtk_init_check() != 0)
        let server = try await SiteServer()
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-icon-queue-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let icons = FeedIconCache(folder: folder, startDelay: 0)
        var arrived: Set<Int64> = []
        icons.onIcon = { arrived.insert($0) }
        let feeds = slowIconFeeds(on: server)
        for feed in feeds { #expect(icons.paintable(for: feed) == nil, "no icon is cached yet") }
        try await turn(until: { arrived.count == feeds.count }, seconds: 30)
        #expect(arrived.count == feeds.count, "\(arrived.count) of \(feeds.count) icons arrived")
        let most = server.hits("/slow-icon/most")
        #expect(most >= 1 && most <= FeedIconCache.fetchesAtOnce, "\(most) icons were fetched at once")
    }

    /// Icons wait until the window has been up a while, every one of them, not only the first.
    @Test func noIconIsAskedForBeforeTheStartDelay() async throws {
        try #require(gtk_init_check() != 0)
        let server = try await SiteServer()
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-icon-wait-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let icons = FeedIconCache(folder: folder, startDelay: 60_000)
        for feed in slowIconFeeds(on: server) { _ = icons.paintable(for: feed) }
        try await turn(seconds: 1)
        #expect(server.hits("/slow-icon/most") == 0, "icons were asked for before the start delay")
    }
}

/// The sidebar's symbols are drawn in the theme's own secondary text colour, as the contrast
/// checker judged it. GTK's theme dims any `row image.sidebar-icon` to 0.7 opacity (its file
/// chooser's places), which drew High Contrast's symbols at 5.8:1 instead of 14.7:1.
@Suite("Sidebar symbols' colour", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct SidebarSymbolColourTests {
    @Test(arguments: ["High Contrast", "Paper"])
    func theSymbolsWearTheThemesSecondaryTextColour(theme name: String) async throws {
        let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)
        let theme = try #require(catalog.theme(named: name))
        let secondary = theme.color(.textSecondary, for: .light).hex.lowercased()
        let sandbox = try await LecternSandbox()
        let store = try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
        try store.addFeed(url: "http://127.0.0.1:9/feed.xml", title: "Harbour")   // a library: the sidebar, not the welcome page
        let shot = sandbox.root.appending(path: "sidebar.png").path
        let result = await sandbox.run(["--theme", name, "--color-scheme", "light", "--screenshot", shot])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try #require(PNGImage(path: shot))
        // The symbols' column, below the header bar: Unread, Starred and Today's symbols at least
        // (All Articles is selected, and wears the accent).
        var solid = 0
        for y in 60..<image.height { for x in 0..<40 where image.hex(x: x, y: y) == secondary { solid += 1 } }
        #expect(solid > 60, "\(solid) pixels of \(secondary) in the symbols' column")
    }
}
