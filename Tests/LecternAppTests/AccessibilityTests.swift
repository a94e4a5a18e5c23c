import Foundation
import Testing
import TestSupport

/// Lectern read from the outside, the way Orca reads it: the real app on a private
/// accessibility bus, walked over AT-SPI by python3-pyatspi (`Tests/Accessibility/`).
@Suite(.serialized)
struct AccessibilityTests {
    static let samples = LecternSandbox.packageRoot.appending(path: "data/samples/samples.opml").path
    static let arabicFeed = LecternSandbox.packageRoot.appending(path: "Tests/LecternAppTests/Fixtures/arabic-news.rss").path
    static var canRun: Bool { hasDisplay && AccessibilityBus.isAvailable && LecternSandbox.lecternBinary != nil }

    /// The sample feeds and an Arabic one, and Lectern running with its accessibility on (on
    /// `display` when given).
    static func launch(on display: PrivateDisplay? = nil) async throws -> (LecternSandbox, AccessibilityBus, Process) {
        let sandbox = try await LecternSandbox()
        try #require(await sandbox.run(["--batch", Self.samples, "--refresh"], environment: ["DISPLAY": nil]).status == 0)
        try #require(await sandbox.run(["--batch", "--add-feed", Self.arabicFeed], environment: ["DISPLAY": nil]).status == 0)
        let bus = try await AccessibilityBus()
        sandbox.extraEnvironment = bus.environment.merging(display?.environment ?? [:]) { $1 }
        let app = try sandbox.start([])
        try #require(await sandbox.lecternIsRunning())
        return (sandbox, bus, app)
    }

    @Test(.enabled(if: canRun), .hangGuard)
    func everyControlInEveryWindowHasANameAndTheRowsReadWhole() async throws {
        let (sandbox, bus, app) = try await Self.launch()
        defer { app.terminate(); app.waitUntilExit() }
        await sandbox.activate("next-article")
        var main: [AccessibleNode] = []
        #expect(await eventually(timeout: 20) {
            main = (try? await bus.walk(app)) ?? []
            return main.contains { $0.role == "heading" }
        }, "the article's heading never showed")

        // Rows read whole: an article as title, feed, date and state; a sidebar view as its name
        // and unread count; the article's headings as headings.
        let rows = main.filter { $0.role == "list item" }.map(\.name)
        #expect(rows.contains { $0.hasPrefix("Themes that follow the sun, Lectern Notes, ") && $0.hasSuffix(", unread") },
                "rows read: \(rows)")
        #expect(rows.contains("Lectern Notes, 2 unread"), "rows read: \(rows)")
        #expect(main.contains { $0.role == "heading" && $0.name == "Three things to try" })
        #expect(main.contains { $0.role == "list" && $0.name == "Articles" })
        #expect(main.contains { $0.role == "push button" && $0.name == "Refresh All Feeds" })

        // Every window and dialog Lectern opens, walked with the main window behind it.
        // Each unnamed control once, with where it was first seen.
        var unnamed: [String: String] = [:]
        for node in main where node.isControl && !node.isNamed { unnamed[node.summary] = "main window" }
        var windows: Set<String> = []
        var themeCards: [String] = []
        for (action, parameter) in [("preferences", "[]"), ("shortcuts", "[]"), ("themes", "[]"), ("about", "[]"),
                                    ("add-account", "[]"), ("selected-feed-settings", "[]"), ("new-folder", "[]"), ("add-feed", "[]"),
                                    ("edit-theme", "[<'Paper'>]")] {
            await sandbox.activate(action, parameter)
            await pause(seconds: 1.5)
            let nodes = try await bus.walk(app)
            windows.formUnion(nodes.filter { $0.depth == 1 }.map(\.name))
            for node in nodes where node.isControl && !node.isNamed && unnamed[node.summary] == nil {
                unnamed[node.summary] = "after \(action)"
            }
            if action == "themes" { themeCards = nodes.filter { $0.role == "table cell" }.map(\.name) }
        }
        let listed = unnamed.map { "\($0.value): \($0.key)" }.sorted().joined(separator: "\n")
        #expect(unnamed.isEmpty, "controls a screen reader cannot name:\n\(listed)")
        for window in ["Lectern", "Preferences", "Keyboard Shortcuts", "Themes", "About Lectern", "Add Account",
                       "Feed Settings", "New Folder", "Edit “Paper Copy”"] {
            #expect(windows.contains(window), "\(window) was not walked; windows: \(windows.sorted())")
        }
        // A theme card reads as its name, its description, and whether it is the current one.
        #expect(themeCards.contains { $0.hasPrefix("Paper theme, current: Warm parchment tones") }, "theme cards read: \(themeCards)")
        #expect(themeCards.contains { $0.hasPrefix("Midnight theme: ") || $0.hasPrefix("Nord theme: ") }, "theme cards read: \(themeCards)")
    }

    @Test(.enabled(if: canRun), .hangGuard)
    func theArticleReadsAsTextAndAParagraphNamesItsLinks() async throws {
        let (sandbox, bus, app) = try await Self.launch()
        defer { app.terminate(); app.waitUntilExit() }
        // The Arabic feed's first article (after the five samples, which are newer) has a link.
        for _ in 0..<6 { await sandbox.activate("next-article"); await pause(seconds: 0.3) }
        var nodes: [AccessibleNode] = []
        #expect(await eventually(timeout: 20) {
            nodes = (try? await bus.walk(app, withText: true)) ?? []
            return nodes.contains { $0.role == "heading" && $0.name == "قارئ واحد لكل المواقع" }
        })
        // The article reads as text: the heading's and the paragraph's words, the link's among them.
        #expect(nodes.contains { $0.role == "heading" && $0.text == "قارئ واحد لكل المواقع" })
        #expect(nodes.contains { $0.role == "label" && $0.text?.hasSuffix("اقرأ المزيد عن الخلاصات.") == true },
                "texts: \(nodes.compactMap(\.text).filter { !$0.isEmpty })")
        #expect(nodes.contains { $0.description == "Links: اقرأ المزيد عن الخلاصات" },
                "descriptions: \(nodes.map(\.description).filter { !$0.isEmpty })")
    }
}

/// The keyboard alone, pressed from outside with xdotool and followed over AT-SPI.
@Suite(.serialized)
struct KeyboardOnlyTests {
    @Test(.enabled(if: AccessibilityTests.canRun), .hangGuard)
    func f6AndTabVisitEveryPaneAndTheMenuKeyOpensARowsMenu() async throws {
        let display = try await PrivateDisplay()   // no other test's window takes the focus
        defer { withExtendedLifetime(display) {} }
        let (sandbox, bus, app) = try await AccessibilityTests.launch(on: display)
        defer { app.terminate(); app.waitUntilExit() }
        var window = ""
        try #require(await eventually(timeout: 20) {
            window = await app.visibleWindows(titled: "Lectern", environment: display.environment).first ?? ""
            return !window.isEmpty
        })
        await sandbox.activate("next-article")
        await pause(seconds: 1)

        let visits = try await bus.press(["F6", "F6", "F6", "F6", "F6"], in: window, of: app, on: display)
        let cycle = visits.map(\.pane)
        #expect(Set(cycle.prefix(4)) == ["header", "sidebar", "list", "reader"], "F6 went to \(cycle)")
        // The reader takes it as a whole, the article, not its first text.
        #expect(visits.filter { $0.pane == "reader" }.allSatisfy { $0.role == "scroll pane" && $0.name == "Article" },
                "F6 gave the reader's focus to \(visits.map { "\($0.role) \($0.name)" })")
        #expect(cycle[4] == cycle[0], "F6 did not wrap around: \(cycle)")
        let back = try await bus.press(["shift+F6", "shift+F6"], in: window, of: app, on: display).map(\.pane)
        #expect(back == [cycle[3], cycle[2]], "Shift+F6 went to \(back) after \(cycle)")

        // Tab alone walks through every part, leaving a list after one row (the arrows move
        // between rows), and Shift+Tab steps back.
        var atHeader = try await bus.press(["F6"], in: window, of: app, on: display)
        while atHeader.last?.pane != "header", atHeader.count < 5 { atHeader += try await bus.press(["F6"], in: window, of: app, on: display) }
        try #require(atHeader.last?.pane == "header")
        let tabs = try await bus.press((0..<10).map { _ in "Tab" }, in: window, of: app, on: display)
        let walk = tabs.map { "\($0.pane): \($0.name)" }
        #expect(Set(tabs.map(\.pane)).isSuperset(of: ["header", "sidebar", "list", "reader"]), "Tab went through \(walk)")
        let rowAfterRow = zip(tabs, tabs.dropFirst()).contains { $0.role == "list item" && $1.role == "list item" }
        #expect(!rowAfterRow, "Tab walked a list row by row: \(walk)")
        let stepBack = try await bus.press(["shift+Tab"], in: window, of: app, on: display)
        #expect(stepBack.first?.name == tabs[tabs.count - 2].name, "Shift+Tab went to \(stepBack.first?.name ?? "nothing") after \(walk)")

        // In the sidebar, down to a feed: the Menu key and Shift+F10 open its menu.
        let toSidebar = (0..<4).map { _ in "F6" }
        var steps = try await bus.press(toSidebar, in: window, of: app, on: display)
        while steps.last?.pane != "sidebar", steps.count < 8 { steps += try await bus.press(["F6"], in: window, of: app, on: display) }
        try #require(steps.last?.pane == "sidebar")
        let menu = try await bus.press(["Down", "Down", "Down", "Down", "Down", "Menu", "Escape", "shift+F10", "Escape"], in: window, of: app, on: display)
        #expect(menu[4].name == "Lectern Notes, 2 unread", "the focus went to \(menu.map(\.name))")
        #expect(menu[5].role == "menu item" && menu[5].name == "Rename…", "Menu gave \(menu[5].role) “\(menu[5].name)”")
        #expect(menu[6].pane == "sidebar", "Escape gave the focus to \(menu.map { "\($0.key) → \($0.name)" })")
        #expect(menu[7].role == "menu item", "Shift+F10 gave \(menu[7].role) “\(menu[7].name)”")
    }

    @Test(.enabled(if: AccessibilityTests.canRun), .hangGuard)
    func inANarrowWindowF6AndTabStayInThePaneShownAndEscapeComesBackToTheRow() async throws {
        let display = try await PrivateDisplay()
        defer { withExtendedLifetime(display) {} }
        let (sandbox, bus, app) = try await AccessibilityTests.launch(on: display)
        defer { app.terminate(); app.waitUntilExit(); withExtendedLifetime(sandbox) {} }
        var window = ""
        try #require(await eventually(timeout: 20) {
            window = await app.visibleWindows(titled: "Lectern", environment: display.environment).first ?? ""
            return !window.isEmpty
        })
        let layout = await AdaptiveLayoutTests.resize(window, to: 360, on: display, bus: bus, app: app, expecting: ["list"])
        try #require(layout.panes == ["list"], "\(layout)")
        func press(_ keys: String...) async throws -> [FocusedNode] { try await bus.press(keys, in: window, of: app, on: display) }

        // F6: the header and the one pane shown, nothing hidden.
        let cycle = try await press("F6", "F6", "F6", "F6").map(\.pane)
        #expect(Set(cycle) == ["header", "list"], "F6 in a narrow window went to \(cycle)")
        // Tab from the header: its buttons, then the list's search, filters and a row; never a hidden pane.
        var steps = try await press("F6")
        while steps.last?.pane != "header", steps.count < 4 { steps += try await press("F6") }
        try #require(steps.last?.pane == "header")
        var tabs: [FocusedNode] = []
        for _ in 0..<12 where tabs.last?.role != "list item" { tabs += try await press("Tab") }
        let walk = tabs.map { "\($0.pane): \($0.role) \($0.name)" }
        #expect(Set(tabs.map(\.pane)).isSubset(of: ["header", "list"]), "Tab left the panes shown: \(walk)")
        let row = try #require(tabs.last, "\(walk)")
        try #require(row.role == "list item", "Tab never reached a row: \(walk)")

        // Return reads the row's article in the reader, which takes the focus as a whole (not its
        // first text, where a caret would show); Down scrolls it, Tab goes into it. Escape comes
        // back to the same row.
        let opened = try await press("Return")
        #expect(opened.last?.role == "scroll pane" && opened.last?.name == "Article",
                "Return gave the focus to \(opened.map { "\($0.role) \($0.name)" })")
        #expect(await eventually(timeout: 5) { AdaptiveLayoutTests.panes(in: (try? await bus.walk(app)) ?? []) == ["reader"] })
        func openInBrowserTop() async -> Int? {
            let nodes = (try? await bus.walk(app)) ?? []
            return nodes.first { $0.role == "push button" && $0.name == "Open in Browser" }?.extents?[1]
        }
        let topBefore = try #require(await openInBrowserTop())
        let scrolled = try await press("Down", "Down", "Down")
        #expect(scrolled.allSatisfy { $0.role == "scroll pane" }, "Down moved the focus: \(scrolled.map(\.name))")
        let topAfter = try #require(await openInBrowserTop())
        #expect(topAfter < topBefore - 100, "Down did not scroll the article: Open in Browser at \(topBefore), then \(topAfter)")
        let into = try await press("Tab")
        #expect(into.last?.pane == "reader" && into.last?.role != "scroll pane", "Tab from the article went to \(into.map { "\($0.role) \($0.name)" })")
        // j and k from a control of the article, which goes with it: the next article, and back,
        // take the focus, rather than nothing having it.
        let nextAndBack = try await press("j", "k")
        #expect(nextAndBack.allSatisfy { $0.role == "scroll pane" && $0.name == "Article" },
                "j and k gave the focus to \(nextAndBack.map { "\($0.role) \($0.name)" })")
        let back = try await press("Escape")
        // The same row, read now.
        #expect(back.last?.pane == "list" && back.last?.name == row.name.replacingOccurrences(of: ", unread", with: ""),
                "Escape came back to \(back.map { "\($0.pane): \($0.name)" }), not to “\(row.name)”")
    }
}

/// Every text a user reads is marked for translation: Lectern runs in a pseudo-language whose
/// catalog brackets every marked text (⟦…⟧), and any text without brackets was not marked.
@Suite(.serialized)
struct UnmarkedTextTests {
    /// Builds the pseudo-language "xx" from po/lectern.pot into `folder` (msgen, msgfilter, msgfmt).
    static func pseudoCatalog(in folder: URL) async throws {
        let template = LecternSandbox.packageRoot.appending(path: "po/lectern.pot").path
        let target = folder.appending(path: "xx/LC_MESSAGES")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let script = """
            msgen '\(template)' | sed 's/nplurals=INTEGER; plural=EXPRESSION;/nplurals=2; plural=(n != 1);/' \
              | msgfilter --keep-header sed -e '1s/^/⟦/' -e '$s/$/⟧/' | msgfmt -o '\(target.path)/lectern.mo' -
            """
        let built = await Command.run("/bin/sh", ["-c", script], environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"])
        try #require(built.status == 0, "\(built.stderr)")
    }

    static func environment(_ sandbox: LecternSandbox) async throws -> [String: String?] {
        let folder = sandbox.root.appending(path: "pseudo")
        try await pseudoCatalog(in: folder)
        var environment = try TranslationTests.speaking("en_US")
        environment["LANGUAGE"] = "xx"
        environment["LECTERN_LOCALE_DIR"] = folder.path
        return environment
    }

    /// Names that are not Lectern's to translate: its own name, and GTK's texts (its catalog has
    /// no pseudo-language): the window buttons, and the page a drop-down keeps for no selection.
    static let notOurs: Set<String> = ["Lectern", "lectern", "Minimize", "Maximize", "Close", "(None)"]

    @Test(.enabled(if: LecternSandbox.lecternBinary != nil))
    func everyHelpLineIsMarked() async throws {
        let sandbox = try await LecternSandbox()
        var environment = try await Self.environment(sandbox)
        environment["DISPLAY"] = nil
        let help = await sandbox.run(["--help"], environment: environment)
        let options = help.stdout.split(separator: "\n").filter { $0.hasPrefix("  --") && !$0.contains("--help") }
        #expect(options.count > 20)
        let unmarked = options.filter { !$0.contains("⟦") }
        #expect(unmarked.isEmpty, "options described in unmarked English:\n\(unmarked.joined(separator: "\n"))")
    }

    @Test(.enabled(if: AccessibilityTests.canRun), .hangGuard)
    func everyTextInTheWindowsIsMarked() async throws {
        let sandbox = try await LecternSandbox()
        let bus = try await AccessibilityBus()
        sandbox.extraEnvironment = bus.environment
        for (key, value) in try await Self.environment(sandbox) { sandbox.extraEnvironment[key] = value ?? "" }
        let app = try sandbox.start([])
        defer { app.terminate(); app.waitUntilExit() }
        try #require(await sandbox.lecternIsRunning())
        var unmarked: [String: String] = [:]
        var walked = 0
        for action in ["", "preferences", "add-account", "new-folder"] {
            if !action.isEmpty { await sandbox.activate(action) }
            await pause(seconds: 1.5)
            let nodes = try await bus.walk(app)
            walked += nodes.count
            for node in nodes where node.name.contains(where: \.isLetter) && !node.name.contains("⟦")
                && !Self.notOurs.contains(node.name) && !node.name.hasPrefix("Gtk") && unmarked[node.summary] == nil {
                unmarked[node.summary] = action.isEmpty ? "welcome page" : "after \(action)"
            }
        }
        #expect(walked > 100)
        let listed = unmarked.map { "\($0.value): \($0.key)" }.sorted().joined(separator: "\n")
        #expect(unmarked.isEmpty, "texts not marked for translation:\n\(listed)")
    }
}
