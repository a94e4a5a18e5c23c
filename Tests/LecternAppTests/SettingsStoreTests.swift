import Foundation
import GtkBridge
import Testing
import Theming
@testable import LecternApp

@Suite("Settings keyfile", .serialized)
@MainActor
final class SettingsStoreTests {
    private let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-settings-\(UUID().uuidString)")
    private var file: URL { folder.appending(path: "settings.ini") }

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func everySettingRoundTrips() throws {
        let settings = Settings()
        settings.themeName = "Sepia"
        settings.darkThemeName = "Midnight"
        settings.colorScheme = .dark
        settings.textScale = 1.3
        settings.readingFont = "Literata"
        settings.showImages = false
        settings.refreshIntervalMinutes = 30
        settings.retentionDays = 14
        settings.windowWidth = 1000
        settings.sidebarWidth = 260
        try SettingsStore(file: file).save(settings)

        let loaded = Settings()
        let store = SettingsStore(file: file)
        store.load(into: loaded)
        #expect(store.warnings.isEmpty)
        #expect(loaded.themeName == "Sepia" && loaded.darkThemeName == "Midnight")
        #expect(loaded.colorScheme == .dark && loaded.textScale == 1.3 && loaded.readingFont == "Literata")
        #expect(!loaded.showImages && loaded.refreshIntervalMinutes == 30 && loaded.retentionDays == 14)
        #expect(loaded.windowWidth == 1000 && loaded.sidebarWidth == 260)
    }

    @Test func unknownGroupsKeysAndCommentsArePreserved() throws {
        try "# Lectern settings, with my notes\n[appearance]\n# my favourite\ntheme=Forest\nsparkles=yes\n\n[my-plugin]\nenabled=true\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let settings = Settings()
        let store = SettingsStore(file: file)
        store.load(into: settings)
        settings.colorScheme = .light
        try store.save(settings)

        let text = try String(contentsOf: file, encoding: .utf8)
        for kept in ["# Lectern settings, with my notes", "# my favourite", "theme=Forest", "sparkles=yes", "[my-plugin]", "enabled=true"] {
            #expect(text.contains(kept), "lost \(kept):\n\(text)")
        }
        #expect(text.contains("color-scheme=light"))
    }

    @Test func badValuesFallBackOneKeyAtATimeAndNameTheKey() throws {
        try "[appearance]\ntheme=Forest\ncolor-scheme=purple\ntext-scale=9\n[window]\nwidth=wide\nheight=700\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let settings = Settings()
        let store = SettingsStore(file: file)
        store.load(into: settings)
        #expect(settings.themeName == "Forest")
        #expect(settings.colorScheme == .system)
        #expect(settings.textScale == 1.0)
        #expect(settings.windowWidth == Settings.defaultWindowWidth)
        #expect(settings.windowHeight == 700)
        let warnings = store.warnings.joined(separator: "\n")
        #expect(warnings.contains("color-scheme = purple is not one of system, light, dark"))
        #expect(warnings.contains("text-scale = 9"))
        #expect(warnings.contains("[window] width"))
    }

    @Test func aCorruptFileIsMovedAsideNeverOverwritten() throws {
        let garbage = "this is { not a keyfile\n\u{0}\u{1}"
        try garbage.write(to: file, atomically: true, encoding: .utf8)
        let settings = Settings()
        let store = SettingsStore(file: file)
        store.load(into: settings)

        #expect(settings.themeName == nil, "defaults are used")
        #expect(store.warnings.count == 1)
        #expect(store.warnings.first?.contains("settings.ini.corrupt-") == true)
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("settings.ini.corrupt-") }
        #expect(aside.count == 1)
        #expect(try String(contentsOf: folder.appending(path: aside[0]), encoding: .utf8) == garbage)

        settings.themeName = "Ocean"
        try store.save(settings)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("theme=Ocean"))
    }

    @Test func concurrentSavesNeverLeaveAHalfWrittenFile() async throws {
        let path = file.path
        try "[appearance]\ntheme=Paper\n".write(to: file, atomically: true, encoding: .utf8)
        let broken = LockedCount(), failedSaves = LockedCount(), failedReads = LockedCount()
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for round in 0..<100 {
                        let keyFile = KeyFile()
                        keyFile.setString("appearance", "theme", "Writer \(writer) round \(round)")
                        keyFile.setString("padding", "text", String(repeating: "x", count: 4096))
                        do { try keyFile.save(to: path) } catch { failedSaves.increment() }
                    }
                }
            }
            group.addTask {
                for _ in 0..<300 {
                    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                        failedReads.increment()   // the file must always be there, old or new
                        continue
                    }
                    let reader = KeyFile()
                    if (try? reader.load(text: text)) == nil || reader.string("appearance", "theme") == nil {
                        broken.increment()
                    }
                }
            }
        }
        #expect(failedSaves.value == 0, "every save under test succeeded")
        #expect(failedReads.value == 0, "the settings file was missing while another save replaced it")
        #expect(broken.value == 0, "a reader saw a partial settings file")
        let final = KeyFile()
        try final.load(text: try String(contentsOfFile: path, encoding: .utf8))
        #expect(final.string("appearance", "theme")?.hasSuffix("round 99") == true, "the last save is what stays")
    }
}

final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

@Suite("Theme selection")
struct ThemeSelectionTests {
    @Test(arguments: [
        (nil, nil, ColorScheme.light, false, "Paper"),
        (nil, nil, .light, true, "High Contrast"),
        ("Sepia", nil, .light, true, "Sepia"),
        ("Paper", "Midnight", .dark, false, "Midnight"),
        ("Paper", "Midnight", .light, false, "Paper"),
        (nil, "Midnight", .dark, true, "Midnight"),
    ] as [(String?, String?, ColorScheme, Bool, String)])
    @MainActor
    func themeNameFollowsChoiceDarkChoiceAndDesktopContrast(chosen: String?, dark: String?, scheme: ColorScheme,
                                                            highContrast: Bool, expected: String) {
        #expect(ThemeController.themeName(chosen: chosen, darkChosen: dark, scheme: scheme,
                                          desktopHighContrast: highContrast) == expected)
    }
}
