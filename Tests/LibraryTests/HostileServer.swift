import Foundation
import Testing

/// Tests/Servers/hostile_server.py on a loopback port: bombs of every encoding, endless and
/// trickling bodies, pictures declaring huge sizes, redirects to other schemes, pages and lists
/// naming local files (its docstring lists every path). One per test process.
final class HostileServer: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    static let shared: HostileServer? = try? HostileServer()

    private init() throws {
        let script = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Servers/hostile_server.py")
        process.executableURL = URL(filePath: "/usr/bin/python3")
        process.arguments = [script.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        guard let line = Self.firstLine(output.fileHandleForReading), let port = Int(line) else { throw CocoaError(.fileReadCorruptFile) }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()   // the server exits when its stdin closes
        process.waitUntilExit()
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// How many requests `path` has had (-1 when the server cannot be asked).
    func hits(_ path: String) -> Int {
        guard let text = try? String(contentsOf: url("/_hits?path=\(path)"), encoding: .utf8) else { return -1 }
        return Int(text) ?? -1
    }

    private static func firstLine(_ handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}

/// The running hostile server, or a recorded failure.
func hostile() throws -> HostileServer {
    try #require(HostileServer.shared, "python3 Tests/Servers/hostile_server.py did not start (it needs python3-brotli)")
}
