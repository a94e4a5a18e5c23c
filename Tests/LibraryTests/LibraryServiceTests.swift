import Foundation
import Testing
@testable import Library

/// The library work a launch asks for (`--batch`, a forwarded launch, the window), done by
/// `LibraryService` without any display: steps in order, each reported, failures named.
@Suite struct LibraryServiceTests {
    @Test func importSubscribeRefreshAndExportInOneRequestInThatOrder() async throws {
        let folder = TempFolder()
        let service = try LibraryService.open(at: URL(filePath: folder.path("nested/library.sqlite")), appVersion: "9.9-test")
        let opml = folder.path("in.opml")
        try "<opml version=\"2.0\"><body><outline text=\"Atom\" xmlUrl=\"\(try server().url("/atom.xml"))\"/></body></opml>"
            .write(toFile: opml, atomically: true, encoding: .utf8)
        let export = folder.path("out.opml")
        let lines = LineLog()
        let report = await service.perform(LibraryRequest(importOPML: [opml], addFeeds: [try server().url("/feed.xml").absoluteString],
                                                          refresh: true, exportOPML: export)) { lines.add($0) }
        #expect(report.succeeded, "\(report.failures)")
        #expect(try service.store.feeds().count == 2)
        #expect(try service.store.count(.all) >= 3)
        let said = lines.all
        #expect(said.first?.hasPrefix("Imported \(opml): 1 new feed") == true, "\(said)")
        #expect(said.contains { $0.hasPrefix("Subscribed to Fixture Feed") }, "\(said)")
        #expect(said.contains { $0.hasPrefix("Refreshed 2 feeds") }, "\(said)")
        #expect(said.last == "Exported 2 feeds to \(export)", "\(said)")
        #expect(try String(contentsOfFile: export, encoding: .utf8).contains("/feed.xml"), "the export includes what the same request added")
    }

    @Test func eachFailureIsNamedAndTheRestIsStillDone() async throws {
        let folder = TempFolder()
        let service = try LibraryService.open(at: URL(filePath: folder.path("library.sqlite")), appVersion: "9.9-test")
        let report = await service.perform(LibraryRequest(importOPML: [folder.path("missing.opml")],
                                                          addFeeds: [try server().url("/gone").absoluteString,
                                                                     try server().url("/feed.xml").absoluteString])) { _ in }
        #expect(report.failures.count == 2, "\(report.failures)")
        #expect(report.failures.first?.contains("missing.opml") == true)
        #expect(report.failures.last?.contains("/gone") == true)
        #expect(try service.store.feeds().count == 1, "the good feed was still subscribed")
    }
}

/// Lines a service says, from whichever thread says them.
private final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
