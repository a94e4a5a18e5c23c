import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// `--add-account`, `--list-accounts`, `--sync` and `--remove-account` from the command line,
/// with a real Secret Service (gnome-keyring) on the sandbox's bus and the loopback Google
/// Reader API server of Tests/SyncTests.
@Suite("Account flags", .serialized)
struct AccountFlagTests {
    static let noDisplay: [String: String?] = ["DISPLAY": nil]

    /// The Google Reader server with two feeds and three recent articles; the feeds' sites are
    /// `site` when given, and the server has an icon for Tea Notes only.
    private func server(site: String? = nil) async throws -> SiteServer {
        let server = try await SiteServer(script: "Tests/SyncTests/Fixtures/greader_server.py")
        let now = Int(Date().timeIntervalSince1970)
        let library: [String: Any] = [
            "feeds": [["id": "1", "title": "Tea Notes", "url": "https://tea.example/feed", "htmlUrl": site ?? "https://tea.example/", "folder": "Drinks"],
                      ["id": "2", "title": "Rail", "url": "https://rail.example/atom", "htmlUrl": site ?? "https://rail.example/", "folder": NSNull(),
                       "icon": false]],
            "items": [1, 2, 3].map { ["id": $0, "feed": $0 == 3 ? "2" : "1", "title": "Story \($0)", "link": "https://example.org/\($0)",
                                      "published": now - $0 * 60, "content": "<p>Story \($0)</p>", "read": false, "starred": false] },
        ]
        try await control(server, "reset", library)
        return server
    }

    /// The Miniflux server with Tea Notes and its one article, Oolong; `siteHasSince` the items
    /// the feed's site holds that the server has not fetched yet.
    private func minifluxServer(siteHasSince: [[String: String]] = []) async throws -> SiteServer {
        let server = try await SiteServer(script: "Tests/SyncTests/Fixtures/miniflux_server.py")
        let now = Int(Date().timeIntervalSince1970)
        try await control(server, "reset", [
            "categories": [["id": 1, "title": "All"]],
            "feeds": [["id": 1, "title": "Tea Notes", "feed_url": "https://tea.example/feed", "site_url": "https://tea.example/", "category_id": 1]],
            "entries": [["id": 1, "feed_id": 1, "title": "Oolong", "url": "https://tea.example/oolong", "content": "<p>Oolong</p>", "published": now - 60]],
            "web": ["https://tea.example/feed": ["title": "Tea Notes", "items": siteHasSince] as [String: Any]],
        ] as [String: Any])
        return server
    }

    private func url(_ server: SiteServer) -> String { "http://127.0.0.1:\(server.port)" }

    /// `lectern --add-account greader` for alice on `server`, `password` on standard input.
    private func addAlice(_ sandbox: LecternSandbox, _ server: SiteServer, password: String) async -> CommandResult {
        await sandbox.run(["--add-account", "greader", "--server", url(server), "--user", "alice", "--password-stdin"],
                    environment: Self.noDisplay, input: password)
    }

    /// A sandbox with its keyring, the server, and alice's account added and synced once.
    private func aliceSynced() async throws -> (LecternSandbox, SecretService, SiteServer) {
        let sandbox = try await LecternSandbox()
        let keyring = try await SecretService(environment: sandbox.environment)
        let server = try await server()
        await #expect(addAlice(sandbox, server, password: "wonderland").status == 0)
        #expect(await sandbox.run(["--batch", "--sync"], environment: Self.noDisplay).status == 0)
        return (sandbox, keyring, server)
    }

    @Test func anAccountIsCheckedKeptInTheKeyringSyncedListedAndRemoved() async throws {
        let sandbox = try await LecternSandbox()
        let keyring = try await SecretService(environment: sandbox.environment)
        let server = try await server()
        let added = await addAlice(sandbox, server, password: "wonderland\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("Added account 1: alice on 127.0.0.1 (Google Reader API)"))
        await #expect(keyring.lookup(["kind": "greader", "server": url(server), "user": "alice"]) == "wonderland")
        // The password is in the keyring only: not in the settings, not in the library.
        for file in try FileManager.default.subpathsOfDirectory(atPath: sandbox.root.path) {
            let data = FileManager.default.contents(atPath: sandbox.root.appending(path: file).path) ?? Data()
            #expect(data.range(of: Data("wonderland".utf8)) == nil, "\(file) holds the password")
        }

        let synced = await sandbox.run(["--batch", "--sync"], environment: Self.noDisplay)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("[1/1] alice on 127.0.0.1: 3 new articles"), "\(synced.stderr)")

        let listed = await sandbox.run(["--list-accounts"], environment: Self.noDisplay)
        #expect(listed.status == 0)
        #expect(listed.stdout.hasPrefix("1\tgreader\t\(url(server))\talice\tsynced "), "\(listed.stdout)")

        let removed = await sandbox.run(["--remove-account", "1"], environment: Self.noDisplay)
        #expect(removed.status == 0, "\(removed.stderr)")
        await #expect(keyring.lookup(["kind": "greader", "server": url(server), "user": "alice"]) == nil, "the password left the keyring")
        #expect(await sandbox.run(["--list-accounts"], environment: Self.noDisplay).stdout.isEmpty)
    }

    @Test func aWrongPasswordIsRefusedAndNothingIsKept() async throws {
        let sandbox = try await LecternSandbox()
        let keyring = try await SecretService(environment: sandbox.environment)
        let server = try await server()
        let refused = await addAlice(sandbox, server, password: "guess")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("refused the user name or password"), "\(refused.stderr)")
        await #expect(keyring.lookup(["kind": "greader", "server": url(server), "user": "alice"]) == nil)
        #expect(await sandbox.run(["--list-accounts"], environment: Self.noDisplay).stdout.isEmpty)
    }

    @Test func aChangedPasswordIsSignedInAgainFromTheCommandLine() async throws {
        let (sandbox, keyring, server) = try await aliceSynced()
        // The password changes on the server: the next sync is refused.
        try await control(server, "password", ["password": "looking-glass"])
        let refused = await sandbox.run(["--batch", "--sync"], environment: Self.noDisplay)
        #expect(refused.status == 1 && refused.stderr.contains("refused the user name or password"), "\(refused.stderr)")

        // A wrong one is checked with the server and changes nothing.
        let wrong = await sandbox.run(["--sign-in", "1", "--password-stdin"], environment: Self.noDisplay, input: "guess\n")
        #expect(wrong.status == 1 && wrong.stderr.contains("could not sign in to account 1"), "\(wrong.stderr)")
        await #expect(keyring.lookup(["kind": "greader", "server": url(server), "user": "alice"]) == "wonderland")
        // The new one replaces the old in the keyring, and the account syncs again with what it had.
        let signedIn = await sandbox.run(["--sign-in", "1", "--password-stdin"], environment: Self.noDisplay, input: "looking-glass\n")
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        #expect(signedIn.stderr.contains("Signed in to account 1 again: alice on 127.0.0.1"), "\(signedIn.stderr)")
        await #expect(keyring.lookup(["kind": "greader", "server": url(server), "user": "alice"]) == "looking-glass")
        let synced = await sandbox.run(["--batch", "--sync"], environment: Self.noDisplay)
        #expect(synced.status == 0 && synced.stderr.contains("[1/1] alice on 127.0.0.1: 0 new articles"), "\(synced.stderr)")

        let unknown = await sandbox.run(["--sign-in", "7", "--password-stdin"], environment: Self.noDisplay, input: "x")
        #expect(unknown.status == 1 && unknown.stderr.contains("there is no account 7"), "\(unknown.stderr)")
        let noStdin = await sandbox.run(["--sign-in", "1"], environment: Self.noDisplay)
        #expect(noStdin.status == 2 && noStdin.stderr.contains("never from an argument"), "\(noStdin.stderr)")
    }

    @Test func aFeedIsSubscribedOnTheAccountsServerFromTheCommandLine() async throws {
        let (sandbox, keyring, server) = try await aliceSynced()
        defer { withExtendedLifetime(keyring) {} }

        let added = await sandbox.run(["--add-feed", "https://bees.example/feed", "--account", "1"], environment: Self.noDisplay)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("Subscribed in account 1 (alice on 127.0.0.1): 0 new articles, 1 change sent, 1 feed added"),
                "\(added.stderr)")
        // The server subscribed (not this computer), and the feed came back from it, in the account.
        let state = try await control(server, "state", nil) as? [String: Any]
        let urls = (state?["feeds"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
        #expect(urls.contains("https://bees.example/feed"), "the server's feeds: \(urls)")
        let library = sandbox.dataDirectory.appending(path: "library.sqlite").path
        let inAccount = await Command.run("/usr/bin/python3", ["-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM feeds WHERE url = ? AND account_id = 1', ('https://bees.example/feed',)).fetchone()[0])", library],
                                    environment: sandbox.environment)
        #expect(inAccount.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(inAccount.stdout)\(inAccount.stderr)")

        let refused = await sandbox.run(["--add-feed", "https://gone.invalid/feed", "--account", "1"], environment: Self.noDisplay)
        #expect(refused.status == 1 && refused.stderr.contains("gone.invalid"), "\(refused.stderr)")
        let noAccount = await sandbox.run(["--add-feed", "https://bees.example/feed", "--account", "9"], environment: Self.noDisplay)
        #expect(noAccount.status == 1 && noAccount.stderr.contains("there is no account 9"), "\(noAccount.stderr)")
        let alone = await sandbox.run(["--account", "1"], environment: Self.noDisplay)
        #expect(alone.status == 2 && alone.stderr.contains("--account goes with --add-feed"), "\(alone.stderr)")
    }

    @Test(.enabled(if: hasDisplay, "needs a display: run under make check"))
    func anAccountsFeedsShowTheIconsItsServerGivesAndTheirSitesAreNeverAsked() async throws {
        let site = try await SiteServer()
        let sandbox = try await LecternSandbox()
        let keyring = try await SecretService(environment: sandbox.environment)
        defer { withExtendedLifetime(keyring) {} }
        let server = try await server(site: "http://127.0.0.1:\(site.port)/")
        await #expect(addAlice(sandbox, server, password: "wonderland").status == 0)
        #expect(await sandbox.run(["--batch", "--sync"], environment: Self.noDisplay).status == 0)

        let app = try sandbox.start([])
        defer { app.stop() }
        // The site's favicon would be #c03060.
        try await expectServersIconDrawn(sandbox, app)
        // Rail's server has no icon for it: it goes without (remembered as none), rather than
        // asking Rail's site.
        let icons = sandbox.root.appending(path: "cache/lectern/icons")
        #expect(await eventually(timeout: 10) {
            ((try? FileManager.default.contentsOfDirectory(atPath: icons.path)) ?? []).contains { $0.hasSuffix(".none") }
        }, "Rail's icon was looked for and not found")
        #expect(site.favicons == 0, "the feeds' own site was never asked for an icon")
    }

    @Test(.enabled(if: hasDisplay, "needs a display: run under make check"))
    func aMinifluxAccountIsAddedFromTheCommandLineSyncedAndShowsItsServersIcons() async throws {
        let sandbox = try await LecternSandbox()
        let keyring = try await SecretService(environment: sandbox.environment)
        defer { withExtendedLifetime(keyring) {} }
        let server = try await minifluxServer()
        let added = await sandbox.run(["--add-account", "miniflux", "--server", url(server), "--user", "alice", "--password-stdin"],
                                environment: Self.noDisplay, input: "alice-api-key")
        #expect(added.status == 0, "an API key in the password's place: \(added.stderr)")
        let synced = await sandbox.run(["--batch", "--sync"], environment: Self.noDisplay)
        #expect(synced.status == 0 && synced.stderr.contains("(Miniflux)") && synced.stderr.contains("1 new article"), "\(synced.stderr)")

        let app = try sandbox.start([])
        defer { app.stop() }
        // Miniflux gives its icons through its API, kept as data: addresses: nothing is fetched.
        try await expectServersIconDrawn(sandbox, app)
    }

    /// Waits for the running window to draw a fixture server's feed icon (16×16 #3080c0) in the
    /// sidebar: screenshots until it does (a hang guard only).
    private func expectServersIconDrawn(_ sandbox: LecternSandbox, _ app: Process) async throws {
        try #require(await sandbox.lecternIsRunning())
        let shot = sandbox.root.appending(path: "icons.png").path
        #expect(await eventually(timeout: 15) {
            await sandbox.run(["--screenshot", shot]).answered(by: app) && (PNGImage(path: shot)?.count(of: "#3080c0") ?? 0) >= 100
        }, "the server's icon is drawn in the sidebar")
    }

    @Test func withoutASecretServiceTheAccountIsRefusedAndSaysWhy() async throws {
        let sandbox = try await LecternSandbox()
        let server = try await server()
        let refused = await addAlice(sandbox, server, password: "wonderland")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("No Secret Service is running"), "\(refused.stderr)")
        #expect(refused.stderr.contains("GNOME Keyring"))
        #expect(await sandbox.run(["--list-accounts"], environment: Self.noDisplay).stdout.isEmpty)
    }

    @Test func usageErrorsExitTwo() async throws {
        let sandbox = try await LecternSandbox()
        let noPasswordFlag = await sandbox.run(["--add-account", "greader", "--server", "https://a.example", "--user", "a"], environment: Self.noDisplay)
        #expect(noPasswordFlag.status == 2 && noPasswordFlag.stderr.contains("never from an argument"))
        let badKind = await sandbox.run(["--add-account", "fever", "--server", "https://a.example", "--user", "a", "--password-stdin"],
                                  environment: Self.noDisplay, input: "x")
        #expect(badKind.status == 2 && badKind.stderr.contains("use one of: greader, ttrss, miniflux, nextcloud, feedbin"))
        let stray = await sandbox.run(["--server", "https://a.example"], environment: Self.noDisplay)
        #expect(stray.status == 2 && stray.stderr.contains("--server goes with --add-account"))
        let strayPassword = await sandbox.run(["--password-stdin"], environment: Self.noDisplay, input: "x")
        #expect(strayPassword.status == 2 && strayPassword.stderr.contains("--password-stdin goes with --add-account or --sign-in"),
                "\(strayPassword.stderr)")
        let notANumber = await sandbox.run(["--remove-account", "alice"], environment: Self.noDisplay)
        #expect(notANumber.status == 2)
    }

    @Test func killingASyncMidwayLosesNothingAndTheQueueIsSentNextTime() async throws {
        let (sandbox, keyring, server) = try await aliceSynced()
        defer { withExtendedLifetime(keyring) {} }
        let library = sandbox.dataDirectory.appending(path: "library.sqlite").path
        // A change queued here (as marking an article read queues it), then a sync that hangs
        // on the server's subscription list, killed.
        let queued = await Command.run("/usr/bin/python3", ["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE articles SET read = 1 WHERE title = 'Story 1'")
            db.execute("INSERT INTO sync_changes (account_id, kind, target, value, queued_at) VALUES (1, 'read', '1', '1', 0)")
            db.commit()
            """, library], environment: sandbox.environment)
        #expect(queued.status == 0, "\(queued.stderr)")
        try await control(server, "fault", ["path": "subscription/list", "kind": "hang", "count": 1])
        try await control(server, "log/clear", [:])
        let sync = try sandbox.start(["--batch", "--sync"])
        try await waitForRequest(server, "subscription/list")
        kill(sync.processIdentifier, SIGKILL)
        sync.waitUntilExit()
        try await control(server, "release", [:])

        let again = await sandbox.run(["--batch", "--sync"], environment: Self.noDisplay)
        #expect(again.status == 0, "\(again.stderr)")
        let state = try await control(server, "state?ids=1", nil) as? [String: Any]
        #expect(((state?["items"] as? [String: Any])?["1"] as? [String: Any])?["read"] as? Bool == true,
                "the change queued before the kill reached the server")
        let count = await Command.run("/usr/bin/python3", ["-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM articles').fetchone()[0])", library],
                                environment: sandbox.environment)
        #expect(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "3")
    }

    @discardableResult
    private func control(_ server: SiteServer, _ path: String, _ body: [String: Any]?) async throws -> Any? {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/_control/\(path)")!)
        if let body {
            request.httpMethod = "POST"
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
        }
        let (data, _) = try await URLSession(configuration: .ephemeral).data(for: request)
        return try? JSONSerialization.jsonObject(with: data)
    }

    @Test(.enabled(if: AccessibilityTests.canRun), .hangGuard)
    func anAccountsFolderIsRenamedFromItsMenuOnTheServer() async throws {
        let (sandbox, keyring, server) = try await aliceSynced()
        defer { withExtendedLifetime(keyring) {} }
        let lectern = try await WindowOnItsOwnDisplay(sandbox)
        defer { lectern.app.stop() }
        let (app, bus, display) = (lectern.app, lectern.bus, lectern.display)
        // Drinks, alice's folder on the server, chosen in the sidebar; its menu from the keyboard.
        var items = try await lectern.sidebarMenu("Drinks", offering: "Rename…")
        #expect(items == ["Rename…", "Delete Folder…"], "\(items)")
        // A sync by another process reloads the window's library: the menu stays open.
        #expect(await sandbox.run(["--batch", "--sync"], environment: Self.noDisplay).status == 0)
        await pause(seconds: 2)
        let kept = ((try? await bus.walk(app)) ?? []).filter { $0.role == "menu item" }.map(\.name)
        #expect(kept == items, "the menu after the library was reloaded: \(kept)")
        try await lectern.choose("Rename…")
        var prompt = ""
        #expect(await eventually(timeout: 10) {
            prompt = await app.visibleWindows(titled: "Rename Folder", environment: display.environment).first ?? ""
            return !prompt.isEmpty
        }, "no Rename Folder prompt came up")
        _ = try await bus.press(["ctrl+a"], in: prompt, of: app, on: display)   // the name field has the focus
        _ = await Command.run("/usr/bin/xdotool", ["type", "--window", prompt, "Beverages"], environment: display.environment)
        _ = try await bus.press(["Return"], in: prompt, of: app, on: display)

        // Renamed on the server (its label), and in the sidebar.
        var folders: [String] = []
        #expect(await eventually(timeout: 20) {
            let state = try? await control(server, "state", nil) as? [String: Any]
            folders = ((state?["feeds"] as? [[String: Any]]) ?? []).compactMap { $0["folder"] as? String }
            return folders == ["Beverages"]
        }, "the server's folder: \(folders)")
        #expect(await eventually(timeout: 10) {
            ((try? await bus.walk(app)) ?? []).contains { $0.role == "list item" && $0.name.hasPrefix("Beverages") }
        }, "the sidebar shows the new name")

        // A feed's menu here offers no Refresh on the Server: the Google Reader API cannot ask for one feed.
        items = try await lectern.sidebarMenu("Tea Notes", offering: "Unsubscribe…")
        #expect(!items.contains("Refresh on the Server"), "\(items)")
    }

    /// A Miniflux account's feed fetched by the server now, from the feed's own menu (Miniflux's
    /// Refresh Feed): the article its site posted since comes into the list.
    @Test(.enabled(if: AccessibilityTests.canRun), .hangGuard)
    func aMinifluxFeedIsRefreshedOnItsServerFromItsMenu() async throws {
        let sandbox = try await LecternSandbox()
        let keyring = try await SecretService(environment: sandbox.environment)
        defer { withExtendedLifetime(keyring) {} }
        // Matcha: what the site has posted since Miniflux last fetched it.
        let server = try await minifluxServer(siteHasSince: [["title": "Matcha", "url": "https://tea.example/matcha"]])
        let added = await sandbox.run(["--add-account", "miniflux", "--server", url(server), "--user", "alice", "--password-stdin"],
                                      environment: Self.noDisplay, input: "wonderland")
        try #require(added.status == 0, "\(added.stderr)")
        #expect(await sandbox.run(["--batch", "--sync"], environment: Self.noDisplay).status == 0)

        let lectern = try await WindowOnItsOwnDisplay(sandbox)
        defer { lectern.app.stop() }
        _ = try await lectern.sidebarMenu("Tea Notes", offering: "Refresh on the Server")
        try await lectern.choose("Refresh on the Server")
        #expect(await eventually(timeout: 20) {
            ((try? await lectern.bus.walk(lectern.app)) ?? []).contains { $0.role == "list item" && $0.name.contains("Matcha") }
        }, "Matcha is in the list")
        let log = try await control(server, "log", nil) as? [[String: Any]] ?? []
        #expect(log.contains { $0["method"] as? String == "PUT" && $0["path"] as? String == "/v1/feeds/1/refresh" })
    }

    /// Waits until the server has seen a request to a path ending in `suffix` (the sync is there).
    private func waitForRequest(_ server: SiteServer, _ suffix: String) async throws {
        for _ in 0..<600 {
            let log = try await control(server, "log", nil) as? [[String: Any]] ?? []
            if log.contains(where: { ($0["path"] as? String)?.hasSuffix(suffix) == true }) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the sync never asked for \(suffix)")
    }
}

/// Library work done by another Lectern process shows in the running window at once: the
/// process tells it (`library-changed` over D-Bus) instead of leaving it on a stale page.
@Suite("A running window sees other processes' work", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct RunningWindowToldTests {
    @Test func aBatchImportReplacesTheWelcomePageInTheRunningWindow() async throws {
        let sandbox = try await LecternSandbox()
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())
        let welcome = sandbox.root.appending(path: "welcome.png").path
        try #require(await sandbox.run(["--screenshot", welcome]).answered(by: app))
        let before = try #require(PNGImage(path: welcome))
        // Past the window's own refresh shortly after start-up (RefreshSchedule.startupDelay), which
        // would reload it anyway; the next check of its own is a minute away.
        await pause(seconds: 7)

        let samples = LecternSandbox.packageRoot.appending(path: "data/samples/samples.opml").path
        try #require(await sandbox.run(["--batch", samples], environment: ["DISPLAY": nil]).status == 0)
        let after = sandbox.root.appending(path: "after.png").path
        #expect(await eventually(timeout: 20) {
            guard await sandbox.run(["--screenshot", after]).answered(by: app), let image = PNGImage(path: after),
                  image.width == before.width, image.height == before.height else { return false }
            var differing = 0
            for y in stride(from: 0, to: image.height, by: 8) {
                for x in stride(from: 0, to: image.width, by: 8) where image.hex(x: x, y: y) != before.hex(x: x, y: y) {
                    differing += 1
                }
            }
            return differing > (image.width / 8) * (image.height / 8) / 10
        }, "the window left the welcome page for the imported feeds")
    }
}

/// Lectern started in a sandbox on a display of its own (the window keeps the focus for the keys)
/// with its own accessibility bus, its window shown; a sidebar row's menu opened and an item chosen
/// from the keyboard, as a user without a mouse does.
struct WindowOnItsOwnDisplay {
    let display: PrivateDisplay
    let bus: AccessibilityBus
    let app: Process
    let window: String

    init(_ sandbox: LecternSandbox) async throws {
        display = try await PrivateDisplay()
        bus = try await AccessibilityBus()
        sandbox.extraEnvironment = bus.environment.merging(display.environment) { $1 }
        app = try sandbox.start([])
        try #require(await sandbox.lecternIsRunning())
        var found = ""
        let (app, display) = (app, display)
        try #require(await eventually(timeout: 20) {
            found = await app.visibleWindows(titled: "Lectern", environment: display.environment).first ?? ""
            return !found.isEmpty
        })
        window = found
    }

    /// The sidebar row whose name starts with `row`, chosen with F6 and selected, its menu opened
    /// with the Menu key: its items, once `item` is among them.
    func sidebarMenu(_ row: String, offering item: String) async throws -> [String] {
        var focus = try await bus.press(["F6"], in: window, of: app, on: display)
        while focus.last?.pane != "sidebar", focus.count < 5 { focus += try await bus.press(["F6"], in: window, of: app, on: display) }
        try #require(focus.last?.pane == "sidebar", "F6 went to \(focus.map(\.pane))")
        _ = try await bus.select(row, in: app)
        focus = try await bus.press(["Menu"], in: window, of: app, on: display)
        var items: [String] = []
        let (bus, app) = (bus, app)
        #expect(await eventually(timeout: 10) {
            items = ((try? await bus.walk(app)) ?? []).filter { $0.role == "menu item" }.map(\.name)
            return items.contains(item)
        }, "\(row)'s menu: \(items), focus \(focus.map(\.name))")
        return items
    }

    /// The open menu's `item`, reached with Down and chosen with Return.
    func choose(_ item: String) async throws {
        var focus = try await bus.press(["Down"], in: window, of: app, on: display)
        while focus.last?.name != item, focus.count < 8 { focus += try await bus.press(["Down"], in: window, of: app, on: display) }
        try #require(focus.last?.name == item, "the keys went to \(focus.map(\.name))")
        _ = try await bus.press(["Return"], in: window, of: app, on: display)
    }
}
