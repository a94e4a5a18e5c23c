import Foundation
import Testing
@testable import GtkBridge

@Suite("Keyfile")
struct KeyFileTests {
    @Test func userCommentsAndUnknownKeysSurviveASave() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "lectern-keyfile-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "settings.ini").path

        let keyFile = KeyFile()
        try keyFile.load(text: "# my notes\n[window]\nwidth=800\n\n[mine]\nfavourite=yes\n")
        keyFile.setInteger("window", "width", 1024)
        try keyFile.save(to: path)

        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("# my notes"))
        #expect(saved.contains("favourite=yes"))
        #expect(saved.contains("width=1024"))
    }

    @Test func wrongTypesAndBrokenFilesAreErrorsThatSayWhy() throws {
        let keyFile = KeyFile()
        try keyFile.load(text: "[window]\nwidth=wide\n")
        #expect(throws: BridgeError.self) { try keyFile.integer("window", "width") }
        #expect(try keyFile.integer("window", "height") == nil)

        do {
            try KeyFile().load(text: "this is not a keyfile\n")
            Issue.record("a file without groups must not load")
        } catch {
            guard case .glib(let domain, _, let message) = error else {
                Issue.record("expected GLib's key-file error, got \(error)")
                return
            }
            #expect(domain == "g-key-file-error-quark")
            #expect(message.contains("not a keyfile") || message.contains("group"), "\(message)")
        }
    }
}
