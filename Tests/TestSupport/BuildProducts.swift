import Foundation

/// Finds executables built beside the test bundle (`swift build --build-tests` builds
/// them into the same folder).
public enum BuildProducts {
    public static func executable(_ name: String) -> URL? {
        let testBinary = URL(filePath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // …/debug/LecternPackageTests.xctest (a file on Linux) → …/debug/<name>
        for _ in 0..<3 {
            let candidate = folder.appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
