import Foundation
import Testing
@testable import Theming

/// Paths and fixtures shared by the Theming tests.
enum TestSupport {
    /// The package root, found from this file: Tests/ThemingTests/TestSupport.swift → ../../
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built-in themes folder.
    static let themesDirectory = packageRoot.appending(path: "Themes", directoryHint: .isDirectory)

    /// The built-in theme files.
    static func builtInFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: themesDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appending(path: "lectern-theming-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Paper's file as a mutable JSON object, to derive broken or user themes from.
    static func paperObject() throws -> [String: Any] {
        let data = try Data(contentsOf: themesDirectory.appending(path: "paper.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The error decoding `data` as a theme file named `file` throws, or nil when it decodes.
    static func decodingError(_ data: Data, file: String) -> ThemeError? {
        do {
            _ = try ThemeFile.decode(data, file: file)
            return nil
        } catch {
            return error
        }
    }

    /// Paper's JSON with `edit` applied to its object, serialised.
    static func paperData(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        var object = try paperObject()
        edit(&object)
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    /// Sets `value` at a dotted `path` (`tokens.color.text_link.dark`); nil removes the key.
    static func set(_ value: Any?, at path: String, in object: inout [String: Any]) {
        let keys = path.split(separator: ".").map(String.init)
        guard let first = keys.first else { return }
        if keys.count == 1 {
            object[first] = value
            return
        }
        var child = object[first] as? [String: Any] ?? [:]
        set(value, at: keys.dropFirst().joined(separator: "."), in: &child)
        object[first] = child
    }

    /// Writes a Paper-derived theme called `name` into `directory` as `file`.
    @discardableResult
    static func writeTheme(named name: String, file: String, in directory: URL,
                           edit: (inout [String: Any]) -> Void = { _ in }) throws -> URL {
        let data = try paperData { object in
            object["name"] = name
            edit(&object)
        }
        let url = directory.appending(path: file)
        try data.write(to: url)
        return url
    }
}
