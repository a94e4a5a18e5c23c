import Foundation
import Testing
import TestSupport

@Suite("Feed icons", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct FeedIconTests {
    @Test func theSitesFaviconIsFetchedOnceCachedAndShownInTheSidebar() throws {
        let server = try SiteServer()
        let sandbox = try LecternSandbox()
        let feed = "http://127.0.0.1:\(server.port)/feed.xml"
        try #require(sandbox.run(["--batch", "--add-feed", feed], environment: ["DISPLAY": nil]).status == 0)
        let icons = sandbox.root.appending(path: "cache/lectern/icons")

        let shot = sandbox.root.appending(path: "icons.png").path
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(waitUntil(timeout: 20) { sandbox.bus.hasOwner("dev.lectern.Lectern") })
        #expect(waitUntil(timeout: 10) {
            ((try? FileManager.default.contentsOfDirectory(atPath: icons.path)) ?? []).contains { $0.hasSuffix(".icon") }
        }, "the favicon is cached")
        usleep(300_000)
        #expect(sandbox.run(["--screenshot", shot]).status == 0)
        let image = try #require(PNGImage(path: shot))
        #expect(image.count(of: "#c03060") >= 100, "the 16×16 icon is drawn in the sidebar")

        // A second start uses the cached icon without asking the site again.
        app.stop()
        let hits = server.favicons
        #expect(hits == 1, "asked once")
        let again = sandbox.run(["--screenshot", sandbox.root.appending(path: "again.png").path])
        #expect(again.status == 0)
        #expect(server.favicons == hits)
    }
}

/// Tests/Servers/site_server.py on a free loopback port.
final class SiteServer: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init() throws {
        process.executableURL = URL(filePath: "/usr/bin/python3")
        process.arguments = [LecternSandbox.packageRoot.appending(path: "Tests/Servers/site_server.py").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else { throw Failure.noPort }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.stop()
    }

    var favicons: Int {
        guard let url = URL(string: "http://127.0.0.1:\(port)/_hits"), let text = try? String(contentsOf: url, encoding: .utf8) else { return -1 }
        return Int(text) ?? -1
    }

    enum Failure: Error { case noPort }
}
