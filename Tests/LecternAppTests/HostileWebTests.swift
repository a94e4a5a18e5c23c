import Foundation
import Library
import Testing
import TestSupport

/// The running window against a web that means harm (Tests/Servers/hostile_server.py): the
/// articles of /hostile.xml carry bombed, endless, trickling and huge pictures and links to
/// javascript:, data: and file: addresses, and the feed's icon and the site's favicon are
/// bombs too. Opening every article keeps the window's memory under 400 MB and its answers
/// within a second; no refused link reaches the desktop; remote images follow the switch.
@Suite("The window against a hostile web", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct HostileWebTests {
    static let memoryLimitKB = 400 * 1024

    /// A sandbox subscribed to the hostile feed, its server, and the library.
    private func subscribed(settings: String? = nil) async throws -> (LecternSandbox, SiteServer, LibraryStore) {
        let server = try await SiteServer(script: "Tests/Servers/hostile_server.py")
        let sandbox = try await LecternSandbox()
        if let settings { try sandbox.write(settings: settings) }
        let added = await sandbox.run(["--batch", "--add-feed", "http://127.0.0.1:\(server.port)/hostile.xml"], environment: ["DISPLAY": nil])
        try #require(added.status == 0, "\(added.stderr)")
        let store = try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
        return (sandbox, server, store)
    }

    private func article(_ title: String, in store: LibraryStore) throws -> Int64 {
        try #require(try store.articles(ArticleQuery(view: .all, limit: 50)).first { $0.title == title }, "no article “\(title)”").id
    }

    /// Kilobytes of resident memory (VmRSS), or nil once the process is gone.
    private func residentKB(_ process: Process) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// Seconds the running Lectern takes to answer a D-Bus call, or infinity
    /// (`PrivateBus.answerTime`: a held main loop shows here): by default a question about its
    /// actions, or the activation of `action` with `parameter` (a GVariant array text).
    private func answerTime(_ sandbox: LecternSandbox, activating action: String? = nil, _ parameter: String = "[]") async -> Double {
        await sandbox.bus.answerTime(of: "dev.lectern.Lectern", objectPath: "/dev/lectern/Lectern",
                                     method: action == nil ? "DescribeAll" : "Activate",
                                     parameters: action.map { "('\($0)', \(parameter), @a{sv} {})" }) ?? .infinity
    }

    @Test func openingEveryHostileArticleKeepsTheWindowSmallAndAnswering() async throws {
        let (sandbox, server, store) = try await subscribed()
        let log = sandbox.root.appending(path: "lectern.log")
        let app = try sandbox.start([], log: log)
        defer { app.stop() }
        #expect(await sandbox.lecternIsRunning())
        let articles = try store.articles(ArticleQuery(view: .all, limit: 50))
        try #require(articles.count >= 12, "the hostile feed's articles: \(articles.count)")
        _ = await answerTime(sandbox)   // once the window has started: what follows is the articles' own
        var worst = (seconds: 0.0, title: "")
        for row in articles {
            let shown = await answerTime(sandbox, activating: "show-article", "[<'\(row.id)'>]")
            await pause(seconds: 1.5)   // its pictures are asked for, refused or cut off
            let answered = await max(shown, answerTime(sandbox))
            if answered > worst.seconds { worst = (answered, row.title ?? "") }
            let resident = try #require(residentKB(app), "Lectern ended while showing “\(row.title ?? "")”")
            #expect(resident < Self.memoryLimitKB, "\(resident / 1024) MB after “\(row.title ?? "")”")
        }
        #expect(worst.seconds < 1, "the window took \(worst.seconds) s to answer after “\(worst.title)”")
        #expect(server.hits("/bomb/gzip/image") >= 1 && server.hits("/huge/png") >= 1, "the pictures were asked for")
        #expect(server.hits("/bomb/gzip/icon") + server.hits("/favicon.ico") >= 1, "the feed's icons were asked for")
        let resident = try #require(residentKB(app))
        #expect(resident < Self.memoryLimitKB, "\(resident / 1024) MB at the end")
    }

    @Test(arguments: [("JavaScript link", "javascript"), ("Data link", "data"), ("File link", "file")])
    func aLinkThatIsNotTheWebsIsRefusedWithANotice(title: String, scheme: String) async throws {
        let (sandbox, _, store) = try await subscribed()
        let log = sandbox.root.appending(path: "lectern.log")
        let app = try sandbox.start([], log: log)
        defer { app.stop() }
        #expect(await sandbox.lecternIsRunning())
        await sandbox.activate("show-article", "[<'\(try article(title, in: store))'>]")
        await sandbox.activate("open-in-browser")
        #expect(await eventually(timeout: 10) {
            (try? String(contentsOf: log, encoding: .utf8))?.contains("Lectern does not open \(scheme): links") == true
        }, "no notice for a \(scheme): link")
    }

    @Test func remoteImagesFollowTheSwitchAndTheFeedsOwnSetting() async throws {
        let (sandbox, server, store) = try await subscribed(settings: "[reading]\nshow-images=false\n")
        let feed = try #require(try store.feeds().first)
        let small = try article("Small picture", in: store)
        var app = try sandbox.start([])
        #expect(await sandbox.lecternIsRunning())
        await sandbox.activate("show-article", "[<'\(small)'>]")
        await pause(seconds: 2)
        #expect(server.hits("/small/png") == 0, "a picture was loaded with remote images off")
        app.stop()

        var settings = FeedSettings(of: feed)
        settings.loadsImages = true
        try store.apply(settings, toFeed: feed.id)
        app = try sandbox.start([])
        defer { app.stop() }
        #expect(await sandbox.lecternIsRunning())
        await sandbox.activate("show-article", "[<'\(small)'>]")
        #expect(await eventually(timeout: 10) { server.hits("/small/png") == 1 }, "the feed's own setting did not load its picture")
    }

    @Test func withRemoteImagesOffTheReaderOffersShowImages() async throws {
        try #require(AccessibilityBus.isAvailable, "needs at-spi2-core and python3-pyatspi (make check installs them)")
        let (sandbox, server, store) = try await subscribed(settings: "[reading]\nshow-images=false\n")
        let accessibility = try await AccessibilityBus()
        sandbox.extraEnvironment = accessibility.environment
        let app = try sandbox.start([])
        defer { app.stop() }
        #expect(await sandbox.lecternIsRunning())
        await sandbox.activate("show-article", "[<'\(try article("Small picture", in: store))'>]")
        var names: [String] = []
        #expect(await eventually(timeout: 20) {
            names = ((try? await accessibility.walk(app)) ?? []).map(\.name)
            return names.contains("Show Images")
        }, "no Show Images button: \(names.filter { !$0.isEmpty }.prefix(30))")
        #expect(names.contains { $0.contains("1 picture is not loaded") })
        #expect(server.hits("/small/png") == 0)
    }

    @Test func aPastedDocumentAsASearchLeavesTheWindowAnswering() async throws {
        let (sandbox, _, _) = try await subscribed()
        let app = try sandbox.start([])
        defer { app.stop() }
        #expect(await eventually(timeout: 20) { await sandbox.bus.hasOwner("dev.lectern.Lectern.SearchProvider") })
        let words = (0..<5_000).map { "word\($0)" }
        let terms = "[" + words.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let ini = LecternSandbox.packageRoot.appending(path: "data/dev.lectern.Lectern.search-provider.ini").path
        let caller = LecternSandbox.packageRoot.appending(path: "scripts/shell_search.py").path
        let launched = await Command.run("/usr/bin/python3", [caller, ini, "LaunchSearch", terms, "0"], environment: sandbox.environment, timeout: 30)
        #expect(launched.status == 0, "\(launched.stderr)")
        let searched = await Command.run("/usr/bin/python3", [caller, ini, "GetInitialResultSet", terms], environment: sandbox.environment, timeout: 30)
        #expect(searched.status == 0, "\(searched.stderr)")
        // A window that stopped answering misses every one by far; one answer a loaded two-core
        // machine delayed does not.
        var times: [Double] = []
        for _ in 0..<5 {
            times.append(await answerTime(sandbox))
            await pause(seconds: 0.3)
        }
        #expect(times.sorted()[2] < 1 && times.allSatisfy { $0 < 4 }, "the window stopped answering during a 5 000-word search: \(times)")
    }
}

/// What the command line fetches is bounded too, and what it reads of a theme or the settings.
@Suite("Bounded command line and files")
struct BoundedInputTests {
    @Test(arguments: [("--extract-article", "/bomb/gzip/page", "16 MB"), ("--inspect-feed", "/bomb/br/feed", "20 MB")])
    func aBombNamedOnTheCommandLineStopsAtItsCap(flag: String, path: String, cap: String) async throws {
        let server = try await SiteServer(script: "Tests/Servers/hostile_server.py")
        let result = try await LecternSandbox().run([flag, "http://127.0.0.1:\(server.port)\(path)"], environment: ["DISPLAY": nil], timeout: 60)
        #expect(result.status != 0)
        #expect(result.stderr.contains("stopped after \(cap)"), "\(result.stderr)")
    }

    @Test func aThemeWithAControlCharacterInItsFontIsInvalid() async throws {
        let sandbox = try await LecternSandbox()
        var theme = try String(contentsOf: LecternSandbox.packageRoot.appending(path: "Themes/paper.json"), encoding: .utf8)
        theme = theme.replacingOccurrences(of: "\"Cantarell\", \"Inter\"", with: "\"Canta\\u0000rell\", \"Inter\"")
        let file = sandbox.root.appending(path: "nul.json")
        try theme.write(to: file, atomically: true, encoding: .utf8)
        let result = await sandbox.run(["--validate-theme", file.path], environment: ["DISPLAY": nil])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("control characters"), "\(result.stdout)")
    }

    @Test func aHundredMegabyteThemeIsRefusedUnread() async throws {
        let sandbox = try await LecternSandbox()
        let file = sandbox.root.appending(path: "huge.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 100 << 20)   // sparse: 100 MB that cost nothing to make
        try handle.close()
        let result = await sandbox.run(["--validate-theme", file.path], environment: ["DISPLAY": nil], timeout: 20)
        #expect(result.status == 1)
        #expect(result.stdout.contains("larger than any theme"), "\(result.stdout)")
    }

    /// (A 3 MB one makes the file larger than any settings file: the next test.)
    @Test func aLongThemeNameInTheSettingsIsRefusedWithoutBeingQuoted() async throws {
        let sandbox = try await LecternSandbox()
        let name = String(repeating: "x", count: 10_000)
        try sandbox.write(settings: "[appearance]\ntheme=\(name)\n")
        let shot = sandbox.root.appending(path: "shot.png").path
        let result = await sandbox.run(["--screenshot", shot], timeout: 30)
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("characters long"), "\(result.stderr.prefix(300))")
        #expect(!result.stderr.contains(String(repeating: "x", count: 100)), "the value was quoted")
    }

    @Test func aSettingsFileLargerThanAnyIsMovedAsideUnread() async throws {
        let sandbox = try await LecternSandbox()
        try (String(repeating: "# padding\n", count: 100_000) + "[appearance]\ntheme=Midnight\n").write(to: sandbox.settingsFile, atomically: true, encoding: .utf8)
        let shot = sandbox.root.appending(path: "shot.png").path
        let result = await sandbox.run(["--screenshot", shot], timeout: 30)
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        let kept = try FileManager.default.contentsOfDirectory(atPath: sandbox.configDirectory.path)
        #expect(kept.contains { $0.hasPrefix("settings.ini.corrupt-") }, "\(kept)")
        #expect(result.stderr.contains("larger than any settings file"), "\(result.stderr)")
    }
}
