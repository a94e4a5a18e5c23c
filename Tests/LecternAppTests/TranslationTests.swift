import Foundation
import Testing
import TestSupport

/// Lectern in other languages: the catalogs are complete and current, the real binary speaks
/// German and Arabic, and under Arabic the whole window is mirrored.
@Suite(.serialized)
struct TranslationTests {
    static let root = LecternSandbox.packageRoot
    static let testLocales = root.appending(path: ".build/test-locales")
    static let samples = root.appending(path: "data/samples/samples.opml").path
    static let arabicFeed = root.appending(path: "Tests/LecternAppTests/Fixtures/arabic-news.rss").path

    /// The environment of a Lectern run in `locale` (compiled by `scripts/build-locale.sh --test-locales`,
    /// which `make check` runs, and found through LOCPATH).
    static func speaking(_ locale: String) throws -> [String: String?] {
        try #require(FileManager.default.fileExists(atPath: testLocales.appending(path: "\(locale).UTF-8").path),
                     "the test locales are not built: run scripts/build-locale.sh --test-locales")
        try #require(FileManager.default.fileExists(atPath: root.appending(path: ".build/locale/de/LC_MESSAGES/lectern.mo").path),
                     "the catalogs are not built: run scripts/build-locale.sh")
        return ["LANG": "\(locale).UTF-8", "LOCPATH": testLocales.path, "LANGUAGE": nil, "TZ": "Europe/Berlin"]
    }

    @Test func theTemplateIsCurrentAndEveryLanguageIsComplete() async {
        let template = await Command.run("/usr/bin/python3", [Self.root.appending(path: "scripts/pot.py").path, "--check"],
                                   environment: ["PATH": "/usr/bin:/bin"])
        #expect(template.status == 0, "\(template.stderr)")
        let languages = await Command.run("/usr/bin/python3", [Self.root.appending(path: "scripts/check-po.py").path],
                                    environment: ["PATH": "/usr/bin:/bin"])
        #expect(languages.status == 0, "\(languages.stdout)")
        for language in ["ar", "de", "es", "fr", "ja", "pt_BR"] {
            #expect(languages.stderr.contains("\(language): ") && !languages.stderr.contains("\(language): 0 texts"),
                    "\(language) was not checked: \(languages.stderr)")
        }
    }

    /// The build merges every language into the desktop file and the metainfo (msgfmt --desktop / --xml).
    @Test func theDesktopFileAndTheMetainfoSpeakEveryLanguage() throws {
        let desktop = try String(contentsOf: Self.root.appending(path: ".build/data/dev.lectern.Lectern.desktop"), encoding: .utf8)
        let metainfo = try String(contentsOf: Self.root.appending(path: ".build/data/dev.lectern.Lectern.metainfo.xml"), encoding: .utf8)
        for language in ["ar", "de", "es", "fr", "ja", "pt_BR"] {
            #expect(desktop.contains("GenericName[\(language)]=") && desktop.contains("Comment[\(language)]=")
                    && desktop.contains("Keywords[\(language)]="), "the desktop file lacks \(language)")
            #expect(metainfo.contains("<summary xml:lang=\"\(language)\">"), "the metainfo lacks \(language)")
        }
        #expect(desktop.contains("GenericName[de]=Feedreader"))
    }

    @Test(.enabled(if: LecternSandbox.lecternBinary != nil))
    func helpIsGermanUnderAGermanLocale() async throws {
        let sandbox = try await LecternSandbox()
        var environment = try Self.speaking("de_DE")
        environment["DISPLAY"] = nil
        let help = await sandbox.run(["--help"], environment: environment)
        #expect(help.status == 0)
        #expect(help.stdout.contains("Aufruf:"), "GLib's own words: \(help.stdout.prefix(200))")
        #expect(help.stdout.contains("--theme=NAME") && help.stdout.contains("Dieses Thema jetzt verwenden und merken"),
                "\(help.stdout)")
        #expect(help.stdout.contains("--import-opml=DATEI"), "argument names are translated too")
        #expect(!help.stdout.contains("Use this theme now and remember it"))
        // The same binary in the C locale stays English.
        #expect(await sandbox.run(["--help"], environment: ["DISPLAY": nil]).stdout.contains("Use this theme now and remember it"))
    }

    /// The theme's CSS is CSS in every language: under a locale that writes "12,5", a generated
    /// `font-size: 12,5pt` was dropped by GTK, and every size, line height and radius with it.
    @Test(.enabled(if: LecternSandbox.lecternBinary != nil), arguments: ["de_DE", "fr_FR", "es_ES", "pt_BR", "ar_EG"])
    func theThemesCSSIsTheSameInEveryLanguage(locale: String) async throws {
        let sandbox = try await LecternSandbox()
        var environment = try Self.speaking(locale)
        environment["DISPLAY"] = nil
        let english = await sandbox.run(["--print-css", "--theme", "Paper"], environment: ["DISPLAY": nil])
        let other = await sandbox.run(["--print-css", "--theme", "Paper"], environment: environment)
        #expect(english.status == 0 && other.status == 0, "\(other.stderr)")
        #expect(english.stdout.contains("font-size: 12.5pt"), "\(english.stdout)")
        #expect(other.stdout == english.stdout, "\(other.stdout.split(separator: "\n").filter { $0.contains(",") && $0.contains("pt") }.prefix(3))")
    }

    /// An English article is set in the theme's reading face whatever the interface's language, as
    /// a screen reader is told: the theme's families were once looked up in the interface's
    /// language, where fontconfig puts a face that writes it first (under Arabic, a sans-serif
    /// that writes Arabic; under Japanese, one that writes Japanese), and every text was set in that.
    @Test(.enabled(if: AccessibilityTests.canRun), .hangGuard)
    func anEnglishArticleIsSetInTheReadingFaceInEveryLanguage() async throws {
        var faces: [String: String] = [:]
        for locale in ["C", "ar_EG", "ja_JP"] {
            let sandbox = try await LecternSandbox()
            try #require(await sandbox.run(["--batch", AccessibilityTests.samples, "--refresh"], environment: ["DISPLAY": nil]).status == 0)
            let bus = try await AccessibilityBus()
            sandbox.extraEnvironment = bus.environment
            if locale != "C" { for (key, value) in try Self.speaking(locale) { sandbox.extraEnvironment[key] = value ?? "" } }
            let app = try sandbox.start([])
            defer { app.terminate(); app.waitUntilExit() }
            try #require(await sandbox.lecternIsRunning())
            await sandbox.activate("next-article")
            var face = ""
            #expect(await eventually(timeout: 20) {
                let nodes = (try? await bus.walk(app, withText: true)) ?? []
                face = nodes.first { $0.text?.hasPrefix("Lectern gathers the sites you follow") == true }?.font ?? ""
                return !face.isEmpty
            }, "\(locale): the article's first paragraph never showed")
            faces[locale] = face
        }
        #expect(faces["C"]?.lowercased().contains("serif") == true && faces["C"]?.contains("Sans") == false, "\(faces)")
        #expect(faces["ar_EG"] == faces["C"] && faces["ja_JP"] == faces["C"], "the reading face by language: \(faces)")
    }

    @Test(.enabled(if: hasDisplay && LecternSandbox.lecternBinary != nil))
    func theArabicWindowIsMirrored() async throws {
        let english = try await LecternSandbox(), arabic = try await LecternSandbox()
        for sandbox in [english, arabic] {
            try #require(await sandbox.run(["--batch", Self.samples, "--refresh"], environment: ["DISPLAY": nil]).status == 0)
        }
        let englishShot = english.root.appending(path: "en.png").path, arabicShot = arabic.root.appending(path: "ar.png").path
        try await #require(english.run(["--screenshot", englishShot]).status == 0)
        try await #require(arabic.run(["--screenshot", arabicShot], environment: try Self.speaking("ar_EG")).status == 0)
        let left = try #require(PNGImage(path: englishShot)), right = try #require(PNGImage(path: arabicShot))
        #expect(left.width == right.width && left.height == right.height)
        // Below the last row, each column shows only its pane's background: the sidebar's is
        // on the left in English and on the right in Arabic, the reader's the other way round.
        let y = left.height - 30, near = 60, far = left.width - 60
        #expect(left.hex(x: near, y: y) != left.hex(x: far, y: y), "the panes share a background")
        #expect(right.hex(x: far, y: y) == left.hex(x: near, y: y), "the sidebar is not on the right")
        #expect(right.hex(x: near, y: y) == left.hex(x: far, y: y), "the reader is not on the left")
        // The selected sidebar row (All Articles, the first) is highlighted at the other edge.
        let selection = left.hex(x: 150, y: 76)
        #expect(selection != left.hex(x: near, y: y), "no highlighted row at the top of the sidebar")
        let highlightedInEnglish = (0..<left.width).filter { left.hex(x: $0, y: 76) == selection }
        let highlightedInArabic = (0..<right.width).filter { right.hex(x: $0, y: 76) == selection }
        #expect((highlightedInEnglish.max() ?? .max) < left.width / 3, "English highlight at \(highlightedInEnglish.min() ?? -1)…")
        #expect((highlightedInArabic.min() ?? 0) > right.width * 2 / 3, "Arabic highlight at \(highlightedInArabic.min() ?? -1)…")
        #expect(highlightedInArabic.count > 100, "the Arabic window has no highlighted sidebar row")
    }
}
