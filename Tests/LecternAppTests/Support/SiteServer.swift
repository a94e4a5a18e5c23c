import Foundation
import TestSupport

/// Tests/Servers/site_server.py (or another fixture server of the checkout, such as the
/// Google Reader API server of Tests/SyncTests) on a free loopback port.
final class SiteServer: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    /// `launcher` runs the server through another command (e.g. `nsenter --net=…`).
    init(script: String = "Tests/Servers/site_server.py", arguments: [String] = [], launcher: [String] = []) async throws {
        let command = launcher + ["/usr/bin/python3", LecternSandbox.packageRoot.appending(path: script).path] + arguments
        process.executableURL = URL(filePath: command[0])
        process.arguments = Array(command.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        guard let port = await output.fileHandleForReading.nextLine().flatMap({ Int($0) }) else { throw Failure.noPort }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.stop()
    }

    var favicons: Int { hits("/favicon.ico") }

    /// How many requests `path` has had (-1 when the server cannot be asked).
    func hits(_ path: String) -> Int { count("path=\(path)") }

    /// How many requests paths starting with `prefix` have had (Tests/LibraryTests/Fixtures/server.py only).
    func hits(prefix: String) -> Int { count("prefix=\(prefix)") }

    /// The server's `/_hits` answer for `query` (-1 when it cannot be asked).
    private func count(_ query: String) -> Int {
        guard let url = URL(string: "http://127.0.0.1:\(port)/_hits?\(query)"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return -1 }
        return Int(text) ?? -1
    }

    enum Failure: Error { case noPort }
}
