import Foundation
import TestSupport

/// The stand-in notification server (Tests/FakePortal/fake_notifications.py) on a sandbox's
/// bus: what it received, and clicks on it.
final class FakeNotifications: @unchecked Sendable {
    struct Received: Decodable {
        let id: UInt32
        let summary: String
        let body: String
        /// Action key → label ("default" is the click on the notification itself).
        let actions: [String: String]

        /// The key of the button labelled `label`.
        func button(_ label: String) -> String? { actions.first { $0.value == label }?.key }
    }

    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []

    init(sandbox: LecternSandbox) async throws {
        process.executableURL = URL(filePath: "/usr/bin/python3")
        process.arguments = [LecternSandbox.packageRoot.appending(path: "Tests/FakePortal/fake_notifications.py").path]
        process.environment = sandbox.environment
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let reader = output.fileHandleForReading
        Thread { [self] in
            while let line = reader.readLineBytewise() { lock.withLock { lines.append(line) } }
        }.start()
        guard await eventually(timeout: 10, { self.lock.withLock { self.lines.contains("ready") } }) else { throw Failure.notReady }
    }

    /// Stopped by signal: it may already have ended with its bus, and writing to it then would
    /// raise SIGPIPE in the tests.
    deinit { process.stop() }

    /// Every notification received so far, oldest first.
    var received: [Received] {
        lock.withLock { lines }.compactMap { line in
            guard line.contains("\"summary\"") else { return nil }
            return try? JSONDecoder().decode(Received.self, from: Data(line.utf8))
        }
    }

    /// The user clicks: the notification itself (`action` "default") or one of its buttons.
    func invoke(_ notification: Received, action: String) throws {
        guard process.isRunning else { throw Failure.notRunning }
        try input.fileHandleForWriting.write(contentsOf: Data("invoke \(notification.id) \(action)\n".utf8))
    }

    enum Failure: Error { case notReady, notRunning }
}
