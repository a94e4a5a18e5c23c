import Foundation
import TestSupport

/// A network namespace of the test's own (root only): loopback up, so a server inside answers,
/// and a default route the test adds or takes away, which is what GIO's netlink network monitor
/// reads as online or offline. Processes enter it through `launcher`.
final class NetworkNamespace: @unchecked Sendable {
    private let holder = Process()
    private let pid: Int32

    /// Starts offline: loopback only, no default route.
    init() async throws {
        holder.executableURL = URL(filePath: "/usr/bin/unshare")
        holder.arguments = ["--net", "--fork", "/bin/sh", "-c", "ip link set lo up && echo $$ && exec sleep 3600"]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        guard let pid = await output.fileHandleForReading.nextLine().flatMap({ Int32($0) }) else { throw Failure.notStarted }
        self.pid = pid
    }

    deinit {
        kill(pid, SIGTERM)
        holder.stop()
    }

    /// The command prefix that runs a program inside.
    var launcher: [String] { ["/usr/bin/nsenter", "--net=/proc/\(pid)/ns/net"] }

    /// Adds or removes the default route (through loopback: nothing leaves the machine).
    func setOnline(_ online: Bool) async throws {
        let result = await Command.run(launcher[0], Array(launcher.dropFirst()) + ["ip", "route", online ? "add" : "del", "default", "dev", "lo"],
                                 environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else { throw Failure.route(result.stderr) }
    }

    /// GETs `url` from inside (the test itself is outside and cannot reach its loopback).
    func get(_ url: String) async throws {
        let result = await Command.run(launcher[0], Array(launcher.dropFirst()) + [
            "/usr/bin/python3", "-c", "import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()", url,
        ], environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else { throw Failure.request(result.stderr) }
    }

    /// True when namespaces can be made here (root, and `unshare` present).
    static var available: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/nsenter")
    }

    enum Failure: Error { case notStarted, route(String), request(String) }
}
