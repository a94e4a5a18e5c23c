import Foundation
import Testing
@testable import Theming

@Suite("Theme catalog: built-ins, user themes, names")
struct ThemeCatalogTests {
    private let builtIns = TestSupport.themesDirectory

    @Test func userThemesAreListedAfterBuiltInsWithInvalidOnesAndTheirReasons() throws {
        let user = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: user) }
        try TestSupport.writeTheme(named: "Zebra", file: "zebra.json", in: user)
        try TestSupport.writeTheme(named: "Aurora", file: "aurora.json", in: user)
        try TestSupport.writeTheme(named: "Broken", file: "broken.json", in: user) {
            TestSupport.set(nil, at: "tokens.color.accent.dark", in: &$0)
        }
        try Data("not json".utf8).write(to: user.appending(path: "garbage.json"))
        try Data("ignored".utf8).write(to: user.appending(path: "notes.txt"))

        let catalog = ThemeCatalog(builtInDirectory: builtIns, userDirectory: user)
        let builtInCount = try TestSupport.builtInFiles().count
        #expect(catalog.entries.count == builtInCount + 4)
        #expect(catalog.entries.prefix(builtInCount).allSatisfy { $0.origin == .builtIn })
        let userEntries = catalog.entries.dropFirst(builtInCount)
        #expect(userEntries.map(\.name) == ["Aurora", "Broken", "garbage", "Zebra"])
        #expect(userEntries.allSatisfy { $0.origin == .user })

        let broken = try #require(catalog.entry(named: "broken"))
        #expect(broken.error == .missing(file: "broken.json", path: "tokens.color.accent.dark"))
        #expect(broken.summary.hasPrefix("Broken (user, invalid: broken.json: tokens.color.accent.dark: missing"))
        #expect(catalog.entry(named: "garbage")?.error?.file == "garbage.json")
        #expect(catalog.theme(named: "Broken") == nil)
        #expect(catalog.theme(named: "zebra")?.name == "Zebra")
        #expect(catalog.warnings.contains { $0.hasPrefix("broken.json: tokens.color.accent.dark") })
    }

    @Test func aDuplicateNameMakesTheLaterFileInvalid() throws {
        let user = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: user) }
        try TestSupport.writeTheme(named: "Twin", file: "a-twin.json", in: user)
        try TestSupport.writeTheme(named: "TWIN", file: "b-twin.json", in: user)
        let catalog = ThemeCatalog(builtInDirectory: builtIns, userDirectory: user)
        let twins = catalog.entries.filter { $0.name.lowercased() == "twin" }
        #expect(twins.count == 2)
        #expect(twins.first { $0.file.lastPathComponent == "a-twin.json" }?.isValid == true)
        let later = try #require(twins.first { $0.file.lastPathComponent == "b-twin.json" })
        #expect(later.error == .duplicateName(file: "b-twin.json", name: "TWIN", firstFile: "a-twin.json"))
        #expect(later.error?.description == "b-twin.json: the name \"TWIN\" is already used by a-twin.json; "
            + "this theme is ignored until it gets a name of its own")
        #expect(catalog.theme(named: "twin")?.name == "Twin")
    }

    @Test func aUserThemeCannotReplaceABuiltIn() throws {
        let user = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: user) }
        try TestSupport.writeTheme(named: "paper", file: "my-paper.json", in: user) {
            TestSupport.set("#000000", at: "tokens.color.bg_primary.light", in: &$0)
        }
        let catalog = ThemeCatalog(builtInDirectory: builtIns, userDirectory: user)
        let paper = try #require(catalog.theme(named: "Paper"))
        #expect(paper.color(.bgPrimary, for: .light).hex == "#faf8f5")
        let shadowed = try #require(catalog.entries.first { $0.origin == .user })
        #expect(shadowed.error == .shadowsBuiltIn(file: "my-paper.json", name: "paper"))
        let warning = "user theme \"paper\" (my-paper.json) is shadowed by the built-in \"Paper\"; the built-in is used"
        #expect(shadowed.warnings == [warning])
        #expect(catalog.warnings.contains(warning))
        #expect(shadowed.error?.description.contains("the built-in wins, rename this theme") == true)
    }

    @Test func aUserThemeThatFailsContrastLoadsWithWarnings() throws {
        let user = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: user) }
        try TestSupport.writeTheme(named: "Faint", file: "faint.json", in: user) {
            TestSupport.set("#CFC8BE", at: "tokens.color.text_tertiary.light", in: &$0)
        }
        let catalog = ThemeCatalog(builtInDirectory: builtIns, userDirectory: user)
        let entry = try #require(catalog.entry(named: "Faint"))
        #expect(entry.isValid)
        #expect(!entry.warnings.isEmpty)
        #expect(entry.warnings.allSatisfy { $0.hasPrefix("Faint: contrast: light: text_tertiary on ") })
        #expect(catalog.theme(named: "Faint") != nil)
    }

    @Test func missingFoldersAreHandled() throws {
        let nowhere = URL(fileURLWithPath: "/nonexistent/lectern-themes")
        let onlyBuiltIns = ThemeCatalog(builtInDirectory: builtIns, userDirectory: nowhere)
        #expect(onlyBuiltIns.warnings.isEmpty)
        let broken = ThemeCatalog(builtInDirectory: nowhere, userDirectory: nil)
        #expect(broken.entries.isEmpty)
        #expect(broken.warnings.count == 1)
        #expect(broken.resolveTheme(named: "Paper").theme == nil)
    }

    @Test func closestNameAndFallback() {
        let catalog = ThemeCatalog(builtInDirectory: builtIns, userDirectory: nil)
        #expect(catalog.closestName(to: "midnite") == "Midnight")
        #expect(catalog.closestName(to: "PAPER") == "Paper")
        #expect(catalog.closestName(to: "high") == "High Contrast")
        #expect(catalog.closestName(to: "xyzzy-quux") == nil)

        let chosen = catalog.resolveTheme(named: "forest")
        #expect(chosen.theme?.name == "Forest")
        #expect(chosen.warning == nil)
        let unknown = catalog.resolveTheme(named: "Papr")
        #expect(unknown.theme?.name == "Paper")
        #expect(unknown.warning == "unknown theme \"Papr\" (did you mean \"Paper\"?); using \"Paper\" instead")
    }
}
