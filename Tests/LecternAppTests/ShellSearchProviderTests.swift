import Foundation
import Library
import Testing
import TestSupport

/// GNOME Shell's search of the library, called the way the Shell calls it: the bus name and
/// object path from the shipped .ini, Lectern started by D-Bus from the shipped service file
/// when it is not running (scripts/shell_search.py makes the calls).
@Suite("GNOME Shell search provider", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct ShellSearchProviderTests {
    static let ini = LecternSandbox.packageRoot.appending(path: "data/dev.lectern.Lectern.search-provider.ini").path
    static let serviceTemplate = LecternSandbox.packageRoot.appending(path: "data/dev.lectern.Lectern.SearchProvider.service.in")
    static let caller = LecternSandbox.packageRoot.appending(path: "scripts/shell_search.py").path
    static let busName = "dev.lectern.Lectern.SearchProvider"

    struct Answer: Decodable {
        let reply: [Reply]
        let ms: Double
    }

    /// A reply's one value: the result ids, or the metas.
    enum Reply: Decodable {
        case ids([String]), metas([[String: String]]), none
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let ids = try? container.decode([String].self) { self = .ids(ids) } else if let metas = try? container.decode([[String: String]].self) {
                self = .metas(metas)
            } else { self = .none }
        }
    }

    /// A sandbox whose library holds the sample feeds, with the provider D-Bus-activatable on
    /// its bus as an installed Lectern makes it, on a display of its own.
    static func activatableSandbox(display: PrivateDisplay, extra: [String: String] = [:]) async throws -> LecternSandbox {
        let sandbox = try await LecternSandbox()
        let opml = LecternSandbox.packageRoot.appending(path: "data/samples/samples.opml").path
        let seeded = await sandbox.run(["--batch", opml, "--refresh"], environment: ["DISPLAY": nil])
        try #require(seeded.status == 0, "\(seeded.stderr)")
        let binary = try #require(LecternSandbox.lecternBinary)
        let service = try String(contentsOf: serviceTemplate, encoding: .utf8)
            .replacingOccurrences(of: "@bindir@", with: URL(filePath: binary).deletingLastPathComponent().path)
        var environment = sandbox.environment.merging(display.environment) { $1 }
        environment.merge(extra) { $1 }
        try await sandbox.bus.addService(busName, serviceFile: service, environment: environment)
        return sandbox
    }

    static func call(_ sandbox: LecternSandbox, _ method: String, _ arguments: String...) async throws -> Answer {
        let result = await Command.run("/usr/bin/python3", [caller, ini, method] + arguments, environment: sandbox.environment, timeout: 40)
        try #require(result.status == 0, "\(method): \(result.stderr)")
        return try JSONDecoder().decode(Answer.self, from: Data(result.stdout.utf8))
    }

    static func ids(_ answer: Answer) -> [String] {
        if case .ids(let ids) = answer.reply.first { return ids }
        return []
    }

    /// Ends the Lectern D-Bus started, by its process id (it would quit once idle), and waits for
    /// it to be gone: quitting, it writes its settings, and the sandbox's folders, removed
    /// meanwhile, were made anew and left behind.
    static func stopStartedBlocking(on sandbox: LecternSandbox) {
        guard let pid = sandbox.bus.ownerProcessBlocking(busName) else { return }
        kill(pid, SIGTERM)
        _ = Command.runBlocking("/usr/bin/timeout", ["10", "/usr/bin/tail", "--pid=\(pid)", "-f", "/dev/null"], environment: [:])
    }

    static func store(_ sandbox: LecternSandbox) throws -> LibraryStore {
        try LibraryStore.open(path: sandbox.dataDirectory.appending(path: "library.sqlite").path)
    }

    @Test func aSearchStartsLecternWithoutAWindowAndFindsTheLibrarysMatches() async throws {
        let display = try await PrivateDisplay()
        let sandbox = try await Self.activatableSandbox(display: display)
        #expect(await !sandbox.bus.hasOwner(Self.busName), "nothing runs before the Shell asks")
        let store = try Self.store(sandbox)
        let expected = try store.articles(ArticleQuery(view: .all, search: "theme", limit: 20)).map { String($0.id) }
        try #require(expected.count >= 2, "the samples have articles about themes")

        defer { Self.stopStartedBlocking(on: sandbox) }
        let found = await Self.ids(try Self.call(sandbox, "GetInitialResultSet", #"["theme"]"#))
        #expect(found == expected, "the library's own search, best first")
        let pid = try #require(await sandbox.bus.ownerProcess(Self.busName), "D-Bus started Lectern for the call")
        let windows = await Command.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(pid)", "--name", "^Lectern$"],
                                  environment: display.environment)
        #expect(windows.stdout.isEmpty, "a search opens no window")

        let narrowed = await Self.ids(try Self.call(sandbox, "GetSubsearchResultSet", #"[\#(found.map { "\"\($0)\"" }.joined(separator: ","))]"#,
                                              #"["theme", "sun"]"#))
        #expect(!narrowed.isEmpty && Set(narrowed).isSubset(of: Set(found)) && narrowed.count < found.count, "\(narrowed) of \(found)")
        await #expect(Self.ids(try Self.call(sandbox, "GetInitialResultSet", #"["zqxjv"]"#)).isEmpty, "no match, no result")
        await #expect(Self.ids(try Self.call(sandbox, "GetInitialResultSet", #"[]"#)).isEmpty, "no words, no result (not every article)")
        await #expect(Self.ids(try Self.call(sandbox, "GetInitialResultSet", #"["(", "*"]"#)).isEmpty, "punctuation finds nothing")
        await #expect(Self.ids(try Self.call(sandbox, "GetInitialResultSet", #"["t"]"#)).isEmpty, "one letter is not searched yet")
        await #expect(Self.ids(try Self.call(sandbox, "GetInitialResultSet", #"["theme", "t"]"#)) == expected, "a lone letter beside a word is left out")
    }

    @Test func eachResultReadsAsItsTitleOverItsFeedAndDate() async throws {
        let display = try await PrivateDisplay()
        let sandbox = try await Self.activatableSandbox(display: display)
        let store = try Self.store(sandbox)
        let rows = try store.articles(ArticleQuery(view: .all, search: "feeds", limit: 20))
        try #require(!rows.isEmpty)
        let asked = rows.map { String($0.id) } + ["999999"]
        defer { Self.stopStartedBlocking(on: sandbox) }
        let answer = try await Self.call(sandbox, "GetResultMetas", "[" + asked.map { "\"\($0)\"" }.joined(separator: ",") + "]")
        guard case .metas(let metas) = answer.reply.first else { Issue.record("no metas in \(answer)"); return }
        #expect(metas.map { $0["id"] } == rows.map { String($0.id) }, "in the order asked; a gone article is left out")
        for (meta, row) in zip(metas, rows) {
            #expect(meta["name"] == row.title)
            #expect(meta["description"]?.contains(row.feedTitle) == true, "\(meta)")
        }
    }

    @Test func activatingAResultOpensThatArticleInTheWindow() async throws {
        let display = try await PrivateDisplay()
        let sandbox = try await Self.activatableSandbox(display: display)
        let store = try Self.store(sandbox)
        let article = try #require(try store.articles(ArticleQuery(view: .all, search: "slowly", limit: 1)).first)
        #expect(!article.read)
        defer { Self.stopStartedBlocking(on: sandbox) }
        _ = try await Self.call(sandbox, "ActivateResult", "\"\(article.id)\"", #"["slowly"]"#, "0")
        let pid = try #require(await sandbox.bus.ownerProcess(Self.busName))
        #expect(await eventually(timeout: 20) {
            await !Command.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(pid)", "--name", "^Lectern$"],
                         environment: display.environment).stdout.isEmpty
        }, "the window opened")
        #expect(await eventually(timeout: 10) { (try? store.article(id: article.id))??.read == true }, "the article was opened (and so read)")
        let others = try store.articles(ArticleQuery(view: .all, limit: 10)).filter { $0.id != article.id }
        #expect(others.allSatisfy { !$0.read }, "no other article was opened")
    }

    @Test func launchingTheSearchShowsItsWordsInTheWindow() async throws {
        try #require(AccessibilityBus.isAvailable, "needs at-spi2-core and python3-pyatspi (make check installs them)")
        let display = try await PrivateDisplay()
        let accessibility = try await AccessibilityBus()
        let sandbox = try await Self.activatableSandbox(display: display, extra: accessibility.environment)
        defer { Self.stopStartedBlocking(on: sandbox) }
        _ = try await Self.call(sandbox, "LaunchSearch", #"["sun"]"#, "0")
        let pid = try #require(await sandbox.bus.ownerProcess(Self.busName))
        var texts: [String] = []
        #expect(await eventually(timeout: 20) {
            texts = ((try? await accessibility.walk(pid: pid, withText: true)) ?? []).compactMap(\.text)
            return texts.contains("sun")
        }, "the search field holds the Shell's words: \(texts.prefix(20))")
        // The search itself is read off the main thread: its list comes a moment after the words.
        #expect(await eventually(timeout: 20) {
            texts = ((try? await accessibility.walk(pid: pid, withText: true)) ?? []).compactMap(\.text)
            return texts.contains { $0.hasPrefix("1 matching article") }
        }, "the list shows the one match: \(texts.prefix(20))")
    }

    @Test func aRunningLecternAnswersItself() async throws {
        let display = try await PrivateDisplay()
        let sandbox = try await Self.activatableSandbox(display: display)
        sandbox.extraEnvironment = display.environment
        let app = try sandbox.start([])
        defer { app.stop() }
        #expect(await eventually(timeout: 20) { await sandbox.bus.hasOwner(Self.busName) })
        await #expect(!Self.ids(try Self.call(sandbox, "GetInitialResultSet", #"["lectern"]"#)).isEmpty)
        #expect(await sandbox.bus.ownerProcess(Self.busName) == app.processIdentifier, "the window's Lectern answered; no second one started")
    }
}
