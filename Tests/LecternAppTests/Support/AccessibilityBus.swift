import Foundation
import TestSupport

/// A private accessibility bus, as a desktop session has one: a dbus-daemon with at-spi2-core's
/// bus configuration and the AT-SPI registry on it. Lectern started with `environment` talks to
/// it (GTK's AT-SPI backend), and so does the walker (`Tests/Accessibility/atspi_walk.py`), which
/// reads the tree the way Orca does. The address is given through AT_SPI_BUS_ADDRESS, so tests
/// sharing one display never find each other's bus on the root window.
final class AccessibilityBus: @unchecked Sendable {
    let address: String
    private let daemon: Process
    private let registry: Process

    static let configuration = "/usr/share/defaults/at-spi2/accessibility.conf"
    static let registryBinary = "/usr/libexec/at-spi2-registryd"
    static let walker = LecternSandbox.packageRoot.appending(path: "Tests/Accessibility/atspi_walk.py").path

    /// Whether at-spi2-core and python3-pyatspi are installed (`make check` installs them); asked
    /// once, when the tests are listed.
    static let isAvailable: Bool =
        FileManager.default.fileExists(atPath: configuration) && FileManager.default.fileExists(atPath: registryBinary)
            && Command.runBlocking("/usr/bin/python3", ["-c", "import pyatspi"], environment: [:]).status == 0

    init() async throws {
        daemon = Process()
        daemon.executableURL = URL(filePath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(Self.configuration)", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        address = await output.fileHandleForReading.nextLine() ?? ""
        registry = Process()
        registry.executableURL = URL(filePath: Self.registryBinary)
        registry.environment = ["AT_SPI_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        registry.standardOutput = FileHandle.nullDevice
        registry.standardError = FileHandle.nullDevice
        guard !address.isEmpty else { throw WalkError.failed("the accessibility bus did not start") }
        try registry.run()
    }

    deinit {
        for process in [registry, daemon] where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.finish(within: 5)
        }
    }

    /// What a launched Lectern needs to be read over AT-SPI.
    var environment: [String: String] { ["GTK_A11Y": "atspi", "AT_SPI_BUS_ADDRESS": address] }

    /// The showing part of `process`'s accessibility tree, as the walker reads it.
    func walk(_ process: Process, withText: Bool = false) async throws -> [AccessibleNode] {
        try await walk(pid: process.processIdentifier, withText: withText)
    }

    /// Clicks the showing button called `name` as a screen reader does (its Action), then walks.
    func click(_ name: String, in process: Process) async throws -> [AccessibleNode] {
        try await walk(pid: process.processIdentifier, extra: ["--click", name])
    }

    /// Selects the showing list item whose name starts with `name` (a sidebar view), then walks.
    func select(_ name: String, in process: Process) async throws -> [AccessibleNode] {
        try await walk(pid: process.processIdentifier, extra: ["--select", name])
    }

    /// The same for a process the test did not start itself (one D-Bus started).
    func walk(pid: Int32, withText: Bool = false, extra: [String] = []) async throws -> [AccessibleNode] {
        let result = await Command.run("/usr/bin/python3", [Self.walker, "\(pid)", "--wait", "20"] + (withText ? ["--text"] : []) + extra,
                                 environment: ["AT_SPI_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"], timeout: 60)
        guard result.status == 0 else { throw WalkError.failed(result.stderr) }
        return try JSONDecoder().decode([AccessibleNode].self, from: Data(result.stdout.utf8))
    }

    enum WalkError: Error { case failed(String) }
}

/// One node of the tree, as a screen reader sees it.
struct AccessibleNode: Decodable {
    let role: String
    let name: String
    let description: String
    let depth: Int
    let path: [String]
    let states: [String]
    /// What the Text interface reads out (walks `withText` only).
    let text: String?
    /// The font families that text is set in, as the Text interface says (walks `withText` only).
    let font: String?
    /// A push button's place in its window: x, y, width, height.
    let extents: [Int]?

    /// The roles of controls a user operates: each must say what it is for.
    static let controlRoles: Set<String> = [
        "push button", "toggle button", "check box", "radio button", "combo box", "entry", "password text",
        "text", "slider", "spin button", "list", "list box", "list item", "table", "table cell", "tree",
        "tree table", "switch", "page tab", "link", "menu item", "check menu item", "radio menu item",
    ]

    var isControl: Bool { Self.controlRoles.contains(role) }

    /// GTK 4.8 falls back to the widget's type name ("GtkMenuButton") when nothing names it.
    var isNamed: Bool {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && trimmed.range(of: #"^Gtk[A-Za-z]+$"#, options: .regularExpression) == nil
    }

    /// "push button “GtkButton” in panel › panel › filler": for a failure message.
    var summary: String { "\(role) “\(name)” in \(path.suffix(4).joined(separator: " › "))" }
}

extension AccessibilityBus {
    static let keyPresser = LecternSandbox.packageRoot.appending(path: "Tests/Accessibility/atspi_keys.py").path

    /// Presses `keys` in `window` of `process` (xdotool spelling) and gives, after each, the
    /// control that has the keyboard focus as a screen reader is told.
    func press(_ keys: [String], in window: String, of process: Process, on display: PrivateDisplay) async throws -> [FocusedNode] {
        let environment = display.environment.merging(["AT_SPI_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]) { $1 }
        let result = await Command.run("/usr/bin/python3", [Self.keyPresser, "\(process.processIdentifier)", window] + keys,
                                 environment: environment, timeout: 120)
        guard result.status == 0 else { throw WalkError.failed(result.stderr) }
        return try JSONDecoder().decode([FocusedNode].self, from: Data(result.stdout.utf8))
    }
}

/// The control with the keyboard focus after a key, and the names of what holds it.
struct FocusedNode: Decodable {
    let key: String
    let role: String
    let name: String
    let ancestors: [String]

    /// Which part of the main window it is in, by the names Lectern gives them.
    var pane: String {
        if ancestors.contains("Views and Feeds") { return "sidebar" }
        if ancestors.contains("Articles") || ["Search articles", "All", "Unread"].contains(name) || ancestors.contains("Search articles") {
            return "list"   // its rows, and the search and filters above them
        }
        if ancestors.contains("Article") || (role == "scroll pane" && name == "Article") { return "reader" }
        if ["Back", "Show Sidebar", "Add Feed", "Refresh All Feeds", "Main Menu"].contains(name) { return "header" }
        return "elsewhere: \(role) “\(name)”"
    }
}
