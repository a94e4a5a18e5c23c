import Foundation

/// Finds Lectern's data folders — `Resources/` (stylesheet, icons), `Themes/` (built-in
/// themes) and `data/` (desktop files, sample feeds) — wherever Lectern runs from:
///
/// 1. `$LECTERN_DATA_DIR`, when set (tests, packagers);
/// 2. the installed prefix: `<prefix>/share/lectern` beside `<prefix>/bin/lectern`;
/// 3. the source checkout the binary was built from.
///
/// A candidate counts when it holds the component stylesheet (`Resources/style/`).
public struct ResourceLocator: Sendable, Equatable {
    public let root: URL

    public var resources: URL { root.appending(path: "Resources", directoryHint: .isDirectory) }
    public var themes: URL { root.appending(path: "Themes", directoryHint: .isDirectory) }
    public var data: URL { root.appending(path: "data", directoryHint: .isDirectory) }

    public init(root: URL) { self.root = root }

    /// The candidates in order, for the given environment and executable path.
    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment,
                                  executable: URL? = Bundle.main.executableURL,
                                  sourceFile: String = #filePath) -> [URL] {
        var roots: [URL] = []
        if let override = environment["LECTERN_DATA_DIR"], !override.isEmpty {
            roots.append(URL(filePath: override, directoryHint: .isDirectory))
        }
        if let executable {
            let prefix = executable.resolvingSymlinksInPath()
                .deletingLastPathComponent().deletingLastPathComponent()
            roots.append(prefix.appending(path: "share/lectern", directoryHint: .isDirectory))
        }
        // Sources/Theming/ResourceLocator.swift -> the package root.
        let checkout = URL(filePath: sourceFile)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        roots.append(checkout)
        return roots
    }

    /// The file whose presence marks a folder of Lectern's data.
    static let marker = "Resources/style/" + (ComponentStylesheet.files.first ?? "window.css")

    /// The first candidate that holds Lectern's data, or nil.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL? = Bundle.main.executableURL) -> ResourceLocator? {
        candidates(environment: environment, executable: executable)
            .first { FileManager.default.fileExists(atPath: $0.appending(path: marker).path) }
            .map(ResourceLocator.init(root:))
    }
}
