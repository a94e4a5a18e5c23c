import CGtk4
import Foundation

/// A private D-Bus session bus for one test: launched instances of Lectern on it see
/// each other (single instance, forwarding) and nothing else. Nothing is D-Bus-activated on
/// it unless a test adds the service (`addService`): a missing service (the Secret Service, a
/// portal) stays missing instead of starting the desktop's own.
public final class PrivateBus: @unchecked Sendable {
    public let address: String
    private let daemon: Process
    private let folder: URL

    public init() async throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "lectern-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appending(path: "services"), withIntermediateDirectories: true)
        let config = folder.appending(path: "bus.conf")
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:tmpdir=/tmp</listen>
              <auth>EXTERNAL</auth>
              <servicedir>\(folder.appending(path: "services").path)</servicedir>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        daemon = Process()
        daemon.executableURL = URL(filePath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(config.path)", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        address = await output.fileHandleForReading.nextLine() ?? ""
        guard !address.isEmpty else { throw LaunchError.noBus }
    }

    deinit {
        // dbus-daemon ignores SIGTERM while clients are connected; nothing here needs saving.
        kill(daemon.processIdentifier, SIGKILL)
        daemon.finish(within: 5)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether `name` has an owner on this bus (e.g. a running Lectern).
    public func hasOwner(_ name: String) async -> Bool {
        let result = await Command.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus",
                                                     "--object-path", "/org/freedesktop/DBus",
                                                     "--method", "org.freedesktop.DBus.NameHasOwner", name],
                                 environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        return result.stdout.contains("true")
    }

    /// Makes `name` D-Bus-activatable with `serviceFile`'s text (a `[D-BUS Service]` file, as
    /// installed in share/dbus-1/services), started with `environment` as a desktop session's
    /// bus would (`dbus-update-activation-environment`).
    public func addService(_ name: String, serviceFile: String, environment: [String: String]) async throws {
        try serviceFile.write(to: folder.appending(path: "services/\(name).service"), atomically: true, encoding: .utf8)
        let pairs = environment.map { "'\($0.key)': '\($0.value)'" }.joined(separator: ", ")
        for (method, arguments) in [("UpdateActivationEnvironment", ["{\(pairs)}"]), ("ReloadConfig", [])] {
            let result = await Command.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus",
                                                         "--object-path", "/org/freedesktop/DBus",
                                                         "--method", "org.freedesktop.DBus.\(method)"] + arguments,
                                     environment: ["DBUS_SESSION_BUS_ADDRESS": address])
            guard result.status == 0 else { throw LaunchError.refused(method, result.stderr) }
        }
    }

    /// The process that owns `name`, if any.
    public func ownerProcess(_ name: String) async -> Int32? {
        await onOwnThread { self.ownerProcessBlocking(name) }
    }

    /// The same, blocking the calling thread: for a `defer`, which cannot wait otherwise.
    public func ownerProcessBlocking(_ name: String) -> Int32? {
        let result = Command.runBlocking("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus",
                                                     "--object-path", "/org/freedesktop/DBus",
                                                     "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", name],
                                 environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        // "(uint32 1234,)"
        return result.stdout.split(whereSeparator: { !$0.isNumber }).last.flatMap { Int32($0) }
    }

    /// Seconds `destination` takes to answer a call of `interface.method` on `objectPath` with
    /// `parameters` (a GVariant tuple's text, e.g. `('show-article', [<'12'>], @a{sv} {})`), or
    /// nil when it refuses or does not answer within 30 s. The call goes over a connection this
    /// process opens beforehand, so only the answer is timed, not the start of a `gdbus` process
    /// (which a loaded two-core machine has stretched past a second). GApplication answers on
    /// the main thread and replies to an action's activation once the action has run: a main
    /// loop held by the action or by anything else shows here.
    public func answerTime(of destination: String, objectPath: String, interface: String = "org.gtk.Actions",
                           method: String = "DescribeAll", parameters: String? = nil) async -> Double? {
        let address = self.address
        return await onOwnThread { () -> Double? in
            var error: UnsafeMutablePointer<GError>?
            defer { if let error { g_error_free(error) } }
            // g_variant_parse gives a reference of our own (not floating): the call does not take it.
            var arguments: OpaquePointer?
            if let parameters {
                guard let parsed = g_variant_parse(nil, parameters, nil, nil, &error) else { return nil }
                arguments = parsed
            }
            defer { if let arguments { g_variant_unref(arguments) } }
            let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                             | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
            let started = Date()
            guard let reply = g_dbus_connection_call_sync(connection, destination, objectPath, interface, method, arguments,
                                                          nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, 30_000, nil, &error) else { return nil }
            let seconds = Date().timeIntervalSince(started)
            g_variant_unref(reply)
            return seconds
        }
    }

    enum LaunchError: Error { case noBus, refused(String, String) }
}
