import Foundation
import Testing
import TestSupport

/// An installed Lectern (`make install`) finds its resources under `<prefix>/share/lectern`
/// beside `<prefix>/bin/lectern`, before any source checkout.
@Suite("Installed layout")
struct InstallLayoutTests {
    @Test func theInstalledPrefixIsPreferredOverTheSourceCheckout() throws {
        let sandbox = try LecternSandbox()
        let prefix = sandbox.root.appending(path: "usr")
        let share = prefix.appending(path: "share/lectern")
        let manager = FileManager.default
        try manager.createDirectory(at: prefix.appending(path: "bin"), withIntermediateDirectories: true)
        try manager.createDirectory(at: share.appending(path: "Themes"), withIntermediateDirectories: true)
        try manager.createDirectory(at: share.appending(path: "Resources"), withIntermediateDirectories: true)
        try manager.copyItem(atPath: try #require(LecternSandbox.lecternBinary), toPath: prefix.appending(path: "bin/lectern").path)
        try manager.copyItem(at: LecternSandbox.packageRoot.appending(path: "Resources/style"),
                             to: share.appending(path: "Resources/style"))
        let paper = try String(contentsOf: LecternSandbox.packageRoot.appending(path: "Themes/paper.json"), encoding: .utf8)
        try paper.replacingOccurrences(of: "\"name\": \"Paper\"", with: "\"name\": \"Installed Paper\"")
            .write(to: share.appending(path: "Themes/installed.json"), atomically: true, encoding: .utf8)

        let result = Command.run(prefix.appending(path: "bin/lectern").path, ["--list-themes"],
                                 environment: sandbox.environment.filter { $0.key != "DISPLAY" })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Installed Paper (built-in)"))
        #expect(!result.stdout.contains("Midnight"), "the checkout's themes are not used by an installed binary")
    }
}

extension InstallLayoutTests {
    /// `make install` puts the catalogs under `<prefix>/share/locale`; an installed binary reads
    /// them there, not the checkout's `.build/locale`.
    @Test func anInstalledLecternReadsThePrefixsTranslations() throws {
        let sandbox = try LecternSandbox()
        let prefix = sandbox.root.appending(path: "usr")
        let manager = FileManager.default
        let messages = prefix.appending(path: "share/locale/de/LC_MESSAGES")
        for folder in [prefix.appending(path: "bin"), prefix.appending(path: "share/lectern"), messages] {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try manager.copyItem(atPath: try #require(LecternSandbox.lecternBinary), toPath: prefix.appending(path: "bin/lectern").path)
        let catalog = sandbox.root.appending(path: "de.po")
        try """
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "Use this theme now and remember it"
            msgstr "Aus dem installierten Katalog"
            """.write(to: catalog, atomically: true, encoding: .utf8)
        let compiled = Command.run("/usr/bin/msgfmt", ["-o", messages.appending(path: "lectern.mo").path, catalog.path],
                                   environment: ["PATH": "/usr/bin:/bin"])
        try #require(compiled.status == 0, "\(compiled.stderr)")

        var environment = sandbox.environment.filter { $0.key != "DISPLAY" }
        for (key, value) in try TranslationTests.speaking("de_DE") { environment[key] = value }
        let help = Command.run(prefix.appending(path: "bin/lectern").path, ["--help"], environment: environment)
        #expect(help.stdout.contains("Aus dem installierten Katalog"), "\(help.stdout.prefix(600))")
    }
}
