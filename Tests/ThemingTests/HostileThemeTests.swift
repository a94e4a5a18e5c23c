import Foundation
import Testing
@testable import Theming

/// Theme files written to break things. Each is refused with a message that names the
/// file and what is wrong, and never takes another theme down with it.
@Suite struct HostileThemeTests {
    private static let everyFieldWrong = """
        {"name": 5, "description": ["light", "dark"], "high_contrast": "maybe", "extra": null,
         "tokens": {"color": {"bg_primary": "red", "nonsense": 1, "text_link": {"light": "#12345"}},
                    "typography": {"base_size": "huge", "ui_family": [""], "line_height": -3},
                    "spacing": "wide", "radius": {"small": -1}, "shadows": true}}
        """

    private func decodingError(_ data: Data) -> ThemeError? {
        TestSupport.decodingError(data, file: "hostile.json")
    }

    @Test func everyFieldWrongIsOneClearError() throws {
        let error = try #require(decodingError(Data(Self.everyFieldWrong.utf8)))
        #expect(error.description.hasPrefix("hostile.json: "), "\(error)")
        // The first problem in reading order: a top-level key that does not exist.
        #expect(error == .unknownToken(file: "hostile.json", path: "extra", suggestion: nil))
    }

    @Test(arguments: [
        ("binary", Data([0x00, 0xFF, 0xFE, 0x7B, 0x00, 0x22])),
        ("invalid UTF-8", Data([0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D])),
        ("nested 100k deep", Data(("{\"name\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}").utf8)),
        ("a list at the top", Data("[1, 2, 3]".utf8)),
        ("empty", Data()),
    ])
    func unreadableJSONIsNamed(_ label: String, _ data: Data) {
        let error = decodingError(data)
        guard case .notJSON(let file, _)? = error else {
            Issue.record("\(label): expected notJSON, got \(String(describing: error))")
            return
        }
        #expect(file == "hostile.json")
    }

    @Test func aTenMegabyteNameIsRefusedQuickly() throws {
        let json = "{\"name\": \"\(String(repeating: "n", count: 10_000_000))\"}"
        let error = decodingError(Data(json.utf8))
        guard case .invalidValue(_, "name", _, let reason)? = error else {
            Issue.record("expected an invalid name, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("64 characters"))
        #expect((error?.description.utf8.count ?? 0) < 1_000, "the message repeats the whole value")
    }

    @Test func hostileUserThemesLeaveTheOthersWorking() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.everyFieldWrong.utf8).write(to: folder.appendingPathComponent("wrong.json"))
        try Data([0xFF, 0x00, 0x13]).write(to: folder.appendingPathComponent("binary.json"))
        try TestSupport.paperData { $0["name"] = "Paper Copy" }.write(to: folder.appendingPathComponent("copy.json"))
        let builtIn = TestSupport.themesDirectory
        let catalog = ThemeCatalog(builtInDirectory: builtIn, userDirectory: folder)
        let alone = ThemeCatalog(builtInDirectory: builtIn, userDirectory: nil)
        #expect(catalog.themes.count == alone.themes.count + 1)
        #expect(catalog.theme(named: "Paper Copy") != nil)
        let invalid = catalog.entries.filter { $0.theme == nil }
        #expect(Set(invalid.map { $0.file.lastPathComponent }) == ["wrong.json", "binary.json"])
    }

    @Test func aNameCannotBreakOutOfTheCSSComment() throws {
        let data = try TestSupport.paperData { $0["name"] = "Evil */ window { color: red; } /*" }
        let theme = try ThemeFile.decode(data, file: "evil.json")
        for scheme in [ColorScheme.light, .dark] {
            let css = CSSGenerator.css(for: theme, scheme: scheme)
            #expect(!css.contains("*/ window"), "the theme's name escaped its comment")
            let firstComment = try #require(css.range(of: "*/")).lowerBound
            #expect(css[..<firstComment].contains("do not edit"), "the first comment ended early")
        }
    }
}
