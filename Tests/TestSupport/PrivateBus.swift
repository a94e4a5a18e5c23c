import Foundation

/// A private D-Bus session bus for one test: launched instances of Lectern on it see
/// each other (single instance, forwarding) and nothing else.
public final class PrivateBus: @unchecked Sendable {
    public let address: String
    private let daemon: Process

    public init() throws {
        daemon = Process()
        daemon.executableURL = URL(filePath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        address = String(decoding: line, as: UTF8.self)
        guard !address.isEmpty else { throw LaunchError.noBus }
    }

    deinit {
        // dbus-daemon ignores SIGTERM while clients are connected; nothing here needs saving.
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
    }

    /// Whether `name` has an owner on this bus (e.g. a running Lectern).
    public func hasOwner(_ name: String) -> Bool {
        let result = Command.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus",
                                                     "--object-path", "/org/freedesktop/DBus",
                                                     "--method", "org.freedesktop.DBus.NameHasOwner", name],
                                 environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        return result.stdout.contains("true")
    }

    enum LaunchError: Error { case noBus }
}
