import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Library

/// The Python fixture server (Fixtures/server.py) on a loopback port. One per test
/// process; it exits when the test process closes its stdin.
final class LoopbackServer: @unchecked Sendable {
    let port: Int
    private let process: Process
    private let stdin: Pipe

    static let shared: LoopbackServer? = try? LoopbackServer()

    private init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", fixture("server.py").path]
        let stdout = Pipe()
        stdin = Pipe()
        process.standardOutput = stdout
        process.standardInput = stdin
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// How many requests the server saw for `path`.
    func hits(_ path: String) async throws -> Int {
        let (data, _) = try await URLSession(configuration: .ephemeral).data(from: url("/_hits?path=\(path)"))
        return Int(String(decoding: data, as: UTF8.self)) ?? -1
    }
}

/// The running server, or a recorded failure.
func server() throws -> LoopbackServer {
    try #require(LoopbackServer.shared, "python3 Fixtures/server.py did not start")
}

/// A store with one feed at `path` on the loopback server.
func storeWithFeed(_ path: String) throws -> (LibraryStore, TempFolder, Feed) {
    let (store, folder) = try makeStore()
    let feed = try store.addFeed(url: try server().url(path).absoluteString)
    return (store, folder, feed)
}

let testPolicy: RefreshPolicy = {
    var policy = RefreshPolicy(appVersion: "9.9-test")
    policy.feeds.stallTimeout = 10
    policy.feeds.maxBytes = 1024 * 1024
    return policy
}()
