import Foundation

/// A tmpfs of a given size mounted on a fresh folder, for the full-disk and read-only
/// tests. Mounting needs root (CI runs as root); elsewhere those tests are skipped
/// and say why.
public final class ScratchMount: @unchecked Sendable {
    public let url: URL
    private let ownsFolder: Bool

    /// True when this process may mount file systems (tried once, on a throwaway mount).
    public static let available: Bool = {
        guard geteuid() == 0, let probe = try? ScratchMount(kilobytes: 64) else { return false }
        _ = probe
        return true
    }()

    /// Mounts a tmpfs of `kilobytes` on `folder` (created if needed; by default a new
    /// temporary folder). Whatever the folder held is hidden until the mount goes.
    public init(kilobytes: Int, on folder: URL? = nil) throws {
        ownsFolder = folder == nil
        url = folder ?? FileManager.default.temporaryDirectory.appending(path: "lectern-mount-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Self.mount(["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", url.path])
    }

    /// Remounts the file system read-only: then even root cannot write to it.
    public func makeReadOnly() throws {
        try Self.mount(["-o", "remount,ro", url.path])
    }

    deinit {
        try? Self.run("/bin/umount", ["-l", url.path])
        if ownsFolder { try? FileManager.default.removeItem(at: url) }
    }

    public func path(_ name: String) -> String { url.appending(path: name).path }

    private static func mount(_ arguments: [String]) throws {
        try run("/bin/mount", arguments)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments) failed"])
        }
    }
}
