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
