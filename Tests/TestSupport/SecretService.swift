import Foundation

/// A real Secret Service (gnome-keyring-daemon, its login keyring created and unlocked) on a
/// test's private bus, started by Tests/TestSupport/secret_service.sh and stopped, by its
/// process id, when this value goes away.
public final class SecretService: @unchecked Sendable {
    private let script: String
    private let environment: [String: String]
    private let pid: String
    private let runtimeDirectory: String

    /// Starts the daemon for the bus and home in `environment` (DBUS_SESSION_BUS_ADDRESS,
    /// HOME, XDG_DATA_HOME).
    public init(environment: [String: String]) async throws {
        script = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "secret_service.sh").path
        self.environment = environment
        let started = await Command.run("/bin/bash", [script, "start"], environment: environment, timeout: 30)
        var values: [String: String] = [:]
        for line in started.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        guard started.status == 0, let pid = values["SECRET_SERVICE_PID"], let runtime = values["SECRET_SERVICE_RUNTIME_DIR"] else {
            throw StartError(message: "the Secret Service did not start: \(started.stderr)")
        }
        self.pid = pid
        runtimeDirectory = runtime
    }

    deinit {
        _ = Command.runBlocking("/bin/bash", [script, "stop", pid, runtimeDirectory], environment: environment, timeout: 30)
    }

    /// The password stored under these attributes, as `secret-tool lookup` finds it; nil when none.
    public func lookup(_ attributes: [String: String]) async -> String? {
        let result = await Command.run("/usr/bin/secret-tool", ["lookup"] + attributes.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] },
                                 environment: environment)
        return result.status == 0 ? result.stdout : nil
    }

    public struct StartError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
