import Foundation
import TestSupport

/// Tests/Servers/media_server.py on a free loopback port: short episodes made with GStreamer,
/// and the addresses that fail (404, 403, a page, a stall).
final class MediaServer: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    static let script = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Servers/media_server.py")

    init() async throws {
        process.executableURL = URL(filePath: "/usr/bin/python3")
        process.arguments = [Self.script.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        guard let port = await output.fileHandleForReading.nextLine().flatMap({ Int($0) }) else {
            throw Failure.noPort
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.stop()
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    enum Failure: Error, CustomStringConvertible {
        case noPort
        var description: String { "Tests/Servers/media_server.py did not start (it needs gst-launch-1.0 from gstreamer1.0-tools)" }
    }
}
