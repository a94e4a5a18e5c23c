import Foundation
import TestSupport

/// A Wayland compositor of one test's own (Weston, headless): Lectern drawn as on a GNOME
/// desktop, its window framed by itself, shadows and all, which an X display with no
/// compositor (Xvfb) never asks of it.
final class PrivateWayland: @unchecked Sendable {
    static let weston = "/usr/bin/weston"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: weston) }

    /// Weston's socket, by its full path (a client finds it without sharing its runtime folder).
    let socket: String
    private let runtime: URL
    private let server: Process

    init() async throws {
        runtime = FileManager.default.temporaryDirectory.appending(path: "lectern-wayland-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])   // Weston asks for it
        socket = runtime.appending(path: "wayland-0").path
        server = Process()
        server.executableURL = URL(filePath: Self.weston)
        server.arguments = ["--backend=headless-backend.so", "--socket=wayland-0", "--width=1280", "--height=800", "--idle-time=0"]
        server.environment = ["XDG_RUNTIME_DIR": runtime.path, "PATH": "/usr/bin:/bin"]
        let log = runtime.appending(path: "weston.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        server.standardOutput = FileHandle.nullDevice
        server.standardError = try FileHandle(forWritingTo: log)
        try server.run()
        let socket = socket
        guard await eventually(timeout: 10, { FileManager.default.fileExists(atPath: socket) }) else {
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            stop()
            throw AccessibilityBus.WalkError.failed("Weston did not start: \(said.suffix(400))")
        }
    }

    deinit { stop() }

    private func stop() {
        // SIGKILL, as for Xvfb (PrivateDisplay): the test runner's threads block SIGTERM.
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.finish(within: 5)
        try? FileManager.default.removeItem(at: runtime)
    }

    /// What a client needs to draw here rather than on the X display the tests run under.
    var environment: [String: String] { ["WAYLAND_DISPLAY": socket, "GDK_BACKEND": "wayland"] }
}
