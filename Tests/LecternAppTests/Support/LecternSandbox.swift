import Foundation
import TestSupport

/// A throwaway home for one test: its own XDG folders and its own session bus, with
/// helpers to run the real `lectern` binary inside it. Only so many are alive at once
/// (`SandboxSlots`).
final class LecternSandbox: @unchecked Sendable {
    let root: URL
    let bus: PrivateBus
    var extraEnvironment: [String: String] = [:]
    /// What `start` launched: ended before the folders go (a Lectern still running would write
    /// its settings into a folder made anew as it quits).
    private var started: [Process] = []

    var configDirectory: URL { root.appending(path: "config/lectern") }
    var dataDirectory: URL { root.appending(path: "data/lectern") }
    var settingsFile: URL { configDirectory.appending(path: "settings.ini") }

    init() async throws {
        root = FileManager.default.temporaryDirectory.appending(path: "lectern-test-\(UUID().uuidString)")
        for folder in ["config/lectern", "data/lectern", "cache"] {
            try FileManager.default.createDirectory(at: root.appending(path: folder), withIntermediateDirectories: true)
        }
        // The slot first: a sandbox waiting for one holds no bus (a dbus-daemon and its
        // descriptors) while it waits.
        await SandboxSlots.shared.take()
        do {
            bus = try await PrivateBus()
        } catch {
            SandboxSlots.shared.giveBack()
            try? FileManager.default.removeItem(at: root)
            throw error
        }
    }

    deinit {
        for process in started where process.isRunning {
            process.terminate()
            _ = process.finish(within: 10)
        }
        SandboxSlots.shared.giveBack()
        try? FileManager.default.removeItem(at: root)
    }

    /// The source checkout (Tests/LecternAppTests/Support/ → three folders up).
    static let packageRoot = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var lecternBinary: String? { BuildProducts.executable("lectern")?.path }

    /// The environment a launched Lectern sees: the test's display, this sandbox's
    /// folders and bus, software rendering.
    var environment: [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var environment: [String: String] = [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin",
            "HOME": root.path,
            "XDG_CONFIG_HOME": root.appending(path: "config").path,
            "XDG_DATA_HOME": root.appending(path: "data").path,
            "XDG_CACHE_HOME": root.appending(path: "cache").path,
            "XDG_RUNTIME_DIR": root.path,
            "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "GDK_DEBUG": "gl-disable",
            "NO_AT_BRIDGE": "1",
            "GTK_A11Y": "none",
            "LANG": "C.UTF-8",
        ]
        // The display, and the sanitizers' settings under `make check-sanitize`.
        for key in ["DISPLAY", "XAUTHORITY", "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "SWIFT_BACKTRACE"] {
            environment[key] = inherited[key]
        }
        environment.merge(extraEnvironment) { $1 }
        return environment
    }

    /// Runs `lectern` to completion (through `launcher`, e.g. `nsenter --net=…`, when given).
    func run(_ arguments: [String], environment overrides: [String: String?] = [:],
             timeout: TimeInterval = 60, input: String? = nil, launcher: [String] = []) async -> CommandResult {
        guard let binary = Self.lecternBinary else {
            return CommandResult(status: -1, stdout: "", stderr: "lectern binary not built", timedOut: false)
        }
        var environment = self.environment
        for (key, value) in overrides { environment[key] = value }
        let command = launcher + [binary] + arguments
        return await Command.run(command[0], Array(command.dropFirst()), environment: environment, timeout: timeout, input: input)
    }

    /// Starts `lectern` and leaves it running; the caller ends it. Its standard error
    /// (Lectern's log) goes to `log` when given.
    func start(_ arguments: [String], log: URL? = nil, launcher: [String] = []) throws -> Process {
        let process = Process()
        let command = launcher + [Self.lecternBinary ?? "/nonexistent/lectern"] + arguments
        process.executableURL = URL(filePath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        if let log {
            try Data().write(to: log)
            process.standardError = try FileHandle(forWritingTo: log)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        started.append(process)
        return process
    }

    /// Whether a Lectern came to own its name on this sandbox's bus (a started window is up). A
    /// guard against a hang only: a window starting beside the other sandboxes' on two cores,
    /// with the parsing and library tests running, has taken over 20 s.
    func lecternIsRunning() async -> Bool {
        await eventually(timeout: 60) { await bus.hasOwner("dev.lectern.Lectern") }
    }

    /// Activates an application action of the running Lectern over D-Bus, as the keys and
    /// menus do (`next-article`, `mark-all-read`, …); `parameter` is a GVariant array text.
    @discardableResult
    func activate(_ action: String, _ parameter: String = "[]") async -> CommandResult {
        await Command.run("/usr/bin/gdbus", Self.activation(action, parameter), environment: environment)
    }

    /// gdbus's arguments for activating `action` of the running Lectern.
    private static func activation(_ action: String, _ parameter: String = "[]") -> [String] {
        ["call", "--session", "--dest", "dev.lectern.Lectern", "--object-path", "/dev/lectern/Lectern",
         "--method", "org.gtk.Actions.Activate", action, parameter, "{}"]
    }

    /// Activates `first`, and `then` as soon as `condition` holds, on one thread of its own; false
    /// when the condition never held. For what the app offers for a while only (the undo bar's
    /// 10 s): awaited step by step, a test comes back from each wait only when the CPU-bound tests
    /// beside it free one of the runtime's two threads, which in a full run once took longer.
    func activate(_ first: String, thenWhen condition: @escaping @Sendable () -> Bool, _ then: [String]) async -> Bool {
        let environment = self.environment
        return await onOwnThread {
            func activateBlocking(_ action: String) {
                _ = Command.runBlocking("/usr/bin/gdbus", Self.activation(action), environment: environment)
            }
            activateBlocking(first)
            guard eventuallyBlocking(timeout: 10, condition) else { return false }
            then.forEach(activateBlocking)
            return true
        }
    }

    func write(settings text: String) throws {
        try text.write(to: settingsFile, atomically: true, encoding: .utf8)
    }
}

extension Process {
    /// The ids of this process's windows mapped on the display with exactly this title (tests
    /// share one display, so other tests' windows are left out); `environment` names the display.
    func visibleWindows(titled title: String, environment: [String: String] = ProcessInfo.processInfo.environment) async -> [String] {
        let found = await Command.run("/usr/bin/xdotool", ["search", "--all", "--onlyvisible", "--pid", "\(processIdentifier)", "--name", "^\(title)$"],
                                environment: environment)
        return found.stdout.split(separator: "\n").map(String.init)
    }
}

/// True when a display is available for tests that open windows.
var hasDisplay: Bool { ProcessInfo.processInfo.environment["DISPLAY"] != nil }

extension CommandResult {
    /// True when a forwarded `--screenshot` was answered by the Lectern running as `process`
    /// (not by a new instance, which would also print "Saved").
    func answered(by process: Process) -> Bool {
        status == 0 && stdout.contains("drawn by the running Lectern, process \(process.processIdentifier))")
    }
}
