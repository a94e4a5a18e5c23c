import Foundation
import ScratchMount
import Testing
@testable import Theming

/// The theme editor's model: a copy of a built-in theme edited step by step, undone, redone and
/// reverted; measured after every step; saved atomically, as a draft while it fails contrast.
@Suite("Editing a theme")
struct ThemeDraftTests {
    private func paperCopy(in folder: URL, as name: String = "My Paper") throws -> URL {
        try ThemeDraft.copy(of: TestSupport.themesDirectory.appending(path: "paper.json"), as: name, into: folder)
    }

    @Test func editsAreUndoneRedoneAndReverted() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try paperCopy(in: folder)
        #expect(file.lastPathComponent == "my-paper.json")
        #expect(try paperCopy(in: folder).lastPathComponent == "my-paper-2.json", "a copy never overwrites a file")
        var draft = try ThemeDraft(contentsOf: file)
        #expect(draft.name == "My Paper" && !draft.canUndo && !draft.isChanged)
        let paperAccent = try #require(draft.theme).color(.accent, for: .light)
        let teal = try #require(Color(hex: "#1A6E6A"))
        draft.setColor(teal, for: .accent, scheme: .light)
        #expect(draft.theme?.color(.accent, for: .light) == teal && draft.theme?.color(.accent, for: .dark) != teal)
        // Typing a name is one step.
        for name in ["M", "My", "My T", "My Teal"] { draft.setName(name) }
        #expect(draft.name == "My Teal")
        draft.undo()
        #expect(draft.name == "My Paper" && draft.theme?.color(.accent, for: .light) == teal)
        draft.undo()
        #expect(draft.theme?.color(.accent, for: .light) == paperAccent && !draft.canUndo && !draft.isChanged)
        draft.redo()
        #expect(draft.theme?.color(.accent, for: .light) == teal && draft.canRedo)
        draft.revert()
        #expect(draft.theme?.color(.accent, for: .light) == paperAccent && !draft.canRedo)
        draft.undo()
        #expect(draft.theme?.color(.accent, for: .light) == teal, "undo brings back what revert took")
        // Another theme's name is refused (a built-in would shadow it).
        draft.setName("paper")
        let refused = #expect(throws: ThemeDraft.SaveFailure.self) { try draft.save(to: file, otherNames: ["Paper", "Midnight"]) }
        #expect(refused?.description == "there is already a theme called “Paper”: give this one a name of its own")
        #expect(try ThemeFile.load(file).name == "My Paper", "nothing was written")
        // A name that cannot be a theme's is said, and not saved.
        draft.setName("")
        let unusable = draft.theme == nil
        #expect(unusable)
        #expect(throws: ThemeDraft.SaveFailure.self) { try draft.save(to: file) }
    }

    @Test func aFailingThemeIsSavedAsADraftNeverWornUntilItPasses() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try paperCopy(in: folder)
        var draft = try ThemeDraft(contentsOf: file)
        // A pale secondary text: its pairs say so, with the checker's colour one step away.
        draft.setColor(try #require(Color(hex: "#C8C0B5")), for: .textSecondary, scheme: .light)
        let failing = draft.pairs(of: .textSecondary, in: .light).filter { !$0.passes }
        #expect(failing.map(\.background) == [.bgPrimary, .bgSecondary])
        #expect(draft.pairs(of: .bgPrimary, in: .light).contains { $0.foreground == .textSecondary && !$0.passes },
                "a background lists the pairs drawn on it")
        #expect(try draft.save(to: file), "saved as a draft")
        #expect(!draft.isChanged)
        let catalog = ThemeCatalog(builtInDirectory: TestSupport.themesDirectory, userDirectory: folder)
        #expect(catalog.entry(named: "My Paper")?.theme?.isDraft == true, "listed, to be finished")
        #expect(catalog.theme(named: "My Paper") == nil, "never worn")
        #expect(catalog.resolveTheme(named: "My Paper").warning?.contains("is a draft that fails contrast checks") == true)

        // The checker's colour, taken until every pair passes (one colour is in two pairs here).
        for _ in 0..<4 {
            guard let suggestion = draft.findings.first?.suggestion else { break }
            draft.setColor(suggestion, for: .textSecondary, scheme: .light)
        }
        #expect(draft.findings.isEmpty, "\(draft.findings.map(\.description))")
        #expect(try draft.save(to: file) == false)
        let saved = try ThemeFile.load(file)
        #expect(!saved.isDraft && ContrastChecker.findings(for: saved).isEmpty)
        #expect(ThemeCatalog(builtInDirectory: TestSupport.themesDirectory, userDirectory: folder).theme(named: "My Paper") != nil)
    }

    @Test(.enabled(if: ScratchMount.available, "a full disk is a small tmpfs, which needs root"))
    func aSaveOnAFullDiskLeavesThePreviousFileWhole() throws {
        let disk = try ScratchMount(kilobytes: 64)
        let file = try paperCopy(in: disk.url)
        let before = try Data(contentsOf: file)
        // Fill what is left: the write stops where the disk is full.
        #expect(FileManager.default.createFile(atPath: disk.path("filler"), contents: nil))
        let filler = try #require(FileHandle(forWritingAtPath: disk.path("filler")))
        #expect(throws: (any Error).self) { try filler.write(contentsOf: Data(repeating: 0, count: 1 << 20)) }
        try? filler.close()
        var draft = try ThemeDraft(contentsOf: file)
        draft.setDescription(String(repeating: "A longer description. ", count: 20), for: .light)
        #expect(throws: ThemeDraft.SaveFailure.self) { try draft.save(to: file) }
        #expect(try Data(contentsOf: file) == before, "the old file is whole")
        #expect(try ThemeFile.load(file).name == "My Paper")
    }
}

@Suite("Editing a theme's fonts, sizes, spacing and radii")
struct ThemeDraftShapeTests {
    @Test func sizesSpacingRadiiAndFontsAreEditedAndUndone() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try ThemeDraft.copy(of: TestSupport.themesDirectory.appending(path: "paper.json"), as: "Shapes", into: folder)
        var draft = try ThemeDraft(contentsOf: file)
        #expect(draft.number(at: ["typography", "reading_size"]) == 12.5)
        #expect(draft.families("reading_family").first == "Literata")
        draft.setNumber(15, at: ["typography", "reading_size"])
        draft.setNumber(2, at: ["spacing", "m"])
        draft.setNumber(0, at: ["radius", "large"])
        draft.setFamilies(["Georgia", "serif"], for: "reading_family")
        let theme = try #require(draft.theme)
        #expect(theme.typography.readingSize == 15 && theme.spacing.m == 2 && theme.radii.large == 0)
        #expect(theme.typography.readingFamily == ["Georgia", "serif"])
        // Out of range is said, as the file's rules say it.
        draft.setNumber(99, at: ["typography", "base_size"])
        let unusable = draft.theme == nil
        #expect(unusable)
        draft.undo()
        draft.undo()
        #expect(draft.theme?.typography.readingFamily.first == "Literata" && draft.theme?.radii.large == 0)
        try draft.save(to: file)
        #expect(try ThemeFile.load(file).typography.readingSize == 15)
    }

    @Test func whatAFileLeavesOutReadsAsWhatTheThemeWearsAndHeadingSizesAreEditedOneByOne() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Sepia's file has no interface size, spacing, monospace fonts or title scale: it wears the
        // standard ones, and the editor shows those, not its controls' lowest values.
        let file = try ThemeDraft.copy(of: TestSupport.themesDirectory.appending(path: "sepia.json"), as: "Headings", into: folder)
        var draft = try ThemeDraft(contentsOf: file)
        #expect(draft.number(at: ["typography", "base_size"]) == Typography.standard.baseSize)
        #expect(draft.number(at: ["spacing", "m"]) == Spacing.standard.m)
        #expect(draft.families("mono_family") == Typography.standard.monoFamily)
        #expect(draft.number(at: ["typography", "line_height"]) == 1.7, "what the file says still wins")
        let defaults = Typography.standard.titleScale.levels
        #expect(TitleScale.keys.map { draft.number(at: ["typography", "title_scale", $0]) } == defaults)
        draft.setNumber(2.5, at: ["typography", "title_scale", "title_1"])
        #expect(draft.theme?.typography.titleScale.levels == [2.5] + defaults.dropFirst())
        #expect(draft.number(at: ["typography", "title_scale", "title_2"]) == defaults[1], "the others keep the default")
        draft.setNumber(9, at: ["typography", "title_scale", "title_4"])
        let unusable = draft.theme == nil
        #expect(unusable, "out of the range the file allows")
        draft.undo()
        try draft.save(to: file)
        #expect(try ThemeFile.load(file).typography.titleScale.title1 == 2.5)
        draft.undo()
        #expect(draft.theme?.typography.titleScale.levels == defaults)
    }
}
