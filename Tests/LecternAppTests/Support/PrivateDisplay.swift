import Foundation
import TestSupport

/// An X display of one test's own (Xvfb): keyboard tests press keys in a window that must keep
/// the focus, and on the shared display another test's new window takes it.
final class PrivateDisplay: @unchecked Sendable {
    let name: String
    private let server: Process

    init() async throws {
        server = Process()
        server.executableURL = URL(filePath: "/usr/bin/Xvfb")
        // -displayfd: Xvfb picks a free display and writes its number on standard output.
        server.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        guard let number = await output.fileHandleForReading.nextLine(), !number.isEmpty else {
            throw AccessibilityBus.WalkError.failed("Xvfb did not start")
        }
        name = ":\(number)"
    }

    deinit {
        // SIGKILL: the test runner's threads block SIGTERM, and children inherit the mask. The
        // display's lock and socket are then left behind, so they are removed here.
        kill(server.processIdentifier, SIGKILL)
        server.finish(within: 5)
        let number = name.dropFirst()
        for leftover in ["/tmp/.X\(number)-lock", "/tmp/.X11-unix/X\(number)"] { try? FileManager.default.removeItem(atPath: leftover) }
    }

    /// What a client of this display needs (no cookie: Xvfb started without -auth lets local clients in).
    var environment: [String: String] { ["DISPLAY": name, "XAUTHORITY": ""] }

}
