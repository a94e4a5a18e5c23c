import Foundation
import TestSupport

/// The fake settings portal (Tests/FakePortal/fake_portal.py) on a sandbox's bus.
final class FakePortal: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// `accent`: the desktop's accent colour (r, g, b in 0…1); nil, none (before GNOME 47).
    init(sandbox: LecternSandbox, colorScheme: UInt32, contrast: UInt32 = 0, accent: (Double, Double, Double)? = nil,
         readOne: Bool = true) async throws {
        let script = LecternSandbox.packageRoot.appending(path: "Tests/FakePortal/fake_portal.py")
        process.executableURL = URL(filePath: "/usr/bin/python3")
        process.arguments = [script.path, "--color-scheme", "\(colorScheme)", "--contrast", "\(contrast)"]
            + (readOne ? [] : ["--no-read-one"]) + (accent.map { ["--accent", "\($0.0),\($0.1),\($0.2)"] } ?? [])
        process.environment = sandbox.environment
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        guard await readLine() == "ready" else { throw Failure.notReady }
    }

    deinit {
        try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        process.stop()
    }

    /// Changes a value; the portal emits `SettingChanged`.
    func set(_ key: String, _ value: UInt32) async throws {
        try input.fileHandleForWriting.write(contentsOf: Data("set \(key) \(value)\n".utf8))
        guard await readLine() == "changed" else { throw Failure.noAnswer }
    }

    /// Changes the accent colour; the portal emits `SettingChanged`.
    func setAccent(_ r: Double, _ g: Double, _ b: Double) async throws {
        try input.fileHandleForWriting.write(contentsOf: Data("set-accent \(r) \(g) \(b)\n".utf8))
        guard await readLine() == "changed" else { throw Failure.noAnswer }
    }

    private func readLine() async -> String {
        await output.fileHandleForReading.nextLine() ?? ""
    }

    enum Failure: Error { case notReady, noAnswer }
}
