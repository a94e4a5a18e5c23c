import Foundation
import Testing
import TestSupport

/// An installed Lectern (`make install`) finds its resources under `<prefix>/share/lectern`
/// beside `<prefix>/bin/lectern`, before any source checkout.
@Suite("Installed layout")
struct InstallLayoutTests {
    @Test func theInstalledPrefixIsPreferredOverTheSourceCheckout() async throws {
        let sandbox = try await LecternSandbox()
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

        let result = await Command.run(prefix.appending(path: "bin/lectern").path, ["--list-themes"],
                                 environment: sandbox.environment.filter { $0.key != "DISPLAY" })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Installed Paper (built-in)"))
        #expect(!result.stdout.contains("Midnight"), "the checkout's themes are not used by an installed binary")
    }
}

extension InstallLayoutTests {
    /// `make install` puts the catalogs under `<prefix>/share/locale`; an installed binary reads
    /// them there, not the checkout's `.build/locale`.
    @Test func anInstalledLecternReadsThePrefixsTranslations() async throws {
        let sandbox = try await LecternSandbox()
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
        let compiled = await Command.run("/usr/bin/msgfmt", ["-o", messages.appending(path: "lectern.mo").path, catalog.path],
                                   environment: ["PATH": "/usr/bin:/bin"])
        try #require(compiled.status == 0, "\(compiled.stderr)")

        var environment = sandbox.environment.filter { $0.key != "DISPLAY" }
        for (key, value) in try TranslationTests.speaking("de_DE") { environment[key] = value }
        let help = await Command.run(prefix.appending(path: "bin/lectern").path, ["--help"], environment: environment)
        #expect(help.stdout.contains("Aus dem installierten Katalog"), "\(help.stdout.prefix(600))")
    }
}

extension InstallLayoutTests {
    /// What `make install-files` (and so the Debian package) puts under the prefix is what the
    /// desktop reads: a valid desktop file, the search provider's .ini and a D-Bus service that
    /// starts the installed binary, and metainfo from which `appstreamcli compose` makes a
    /// software-centre entry with its icon and screenshots.
    @Test func theInstalledTreeIsWhatTheDesktopAndSoftwareCentresRead() async throws {
        let binary = try #require(LecternSandbox.lecternBinary)
        let scratch = FileManager.default.temporaryDirectory.appending(path: "lectern-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let root = scratch.appending(path: "root")
        let installed = await Command.run("/usr/bin/make", ["-C", LecternSandbox.packageRoot.path, "install-files", "PREFIX=/usr",
                                                     "DESTDIR=\(root.path)",
                                                     "BUILD_DIR=\(URL(filePath: binary).deletingLastPathComponent().path)"],
                                    environment: ["PATH": "/usr/bin:/bin"])
        try #require(installed.status == 0, "\(installed.stderr)")
        let usr = root.appending(path: "usr")

        let service = try String(contentsOf: usr.appending(path: "share/dbus-1/services/dev.lectern.Lectern.SearchProvider.service"),
                                 encoding: .utf8)
        #expect(service.contains("Exec=/usr/bin/lectern --gapplication-service"), "\(service)")
        #expect(service.contains("Name=dev.lectern.Lectern.SearchProvider"))
        let provider = try String(contentsOf: usr.appending(path: "share/gnome-shell/search-providers/dev.lectern.Lectern.search-provider.ini"),
                                  encoding: .utf8)
        #expect(provider.contains("DesktopId=dev.lectern.Lectern.desktop"))
        #expect(FileManager.default.fileExists(atPath: usr.appending(path: "share/applications/dev.lectern.Lectern.desktop").path))
        let desktop = await Command.run("/usr/bin/desktop-file-validate", [usr.appending(path: "share/applications/dev.lectern.Lectern.desktop").path],
                                  environment: ["PATH": "/usr/bin:/bin"])
        #expect(desktop.status == 0 && desktop.stdout.isEmpty, "\(desktop.stdout)\(desktop.stderr)")
        let metainfo = usr.appending(path: "share/metainfo/dev.lectern.Lectern.metainfo.xml").path
        let strict = await Command.run("/usr/bin/appstreamcli", ["validate", "--strict", "--no-net", metainfo], environment: ["PATH": "/usr/bin:/bin"])
        #expect(strict.status == 0, "\(strict.stdout)")

        let out = scratch.appending(path: "catalog")
        let composed = await Command.run("/usr/bin/appstreamcli", ["compose", "--no-net", "--origin=lectern", "--result-root=\(out.path)", root.path],
                                   environment: ["PATH": "/usr/bin:/bin"], timeout: 120)
        try #require(composed.status == 0, "\(composed.stdout)\(composed.stderr)")
        let catalog = await Command.run("/bin/zcat", [out.appending(path: "usr/share/swcatalog/xml/lectern.xml.gz").path], environment: [:]).stdout
        #expect(catalog.contains("<id>dev.lectern.Lectern</id>"))
        #expect(catalog.contains(#"<icon type="cached" width="64" height="64">dev.lectern.Lectern.png</icon>"#), "an icon for the software centre")
        let shots = try FileManager.default.contentsOfDirectory(atPath: LecternSandbox.packageRoot.appending(path: "data/screenshots").path)
        #expect(shots.count == 4)
        for shot in shots {
            #expect(catalog.contains("/screenshots/\(shot)</image>"), "the catalog shows \(shot)")
        }
        #expect(FileManager.default.fileExists(atPath: out.appending(path: "usr/share/swcatalog/icons/lectern/64x64/dev.lectern.Lectern.png").path))
    }
}
