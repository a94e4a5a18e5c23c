import Foundation
import Testing
import TestSupport

/// A reader left running must not grow. Lectern's refresh once kept every fetch's request and
/// response alive (about 4 KB a feed, 200 KB a refresh of 50 feeds). Here the running app
/// refreshes 40 feeds that all answer 304 eighty times after a warm-up: its resident memory
/// must stay within 5 MB, where that leak grew it by 11 MB. (`make bench` runs the longer soak
/// with theme switches: scripts/soak.py.)
@Suite("Memory over many refreshes", .enabled(if: hasDisplay, "needs a display: run under make check"))
struct LongRunningMemoryTests {
    private static let feeds = 40

    @Test func residentMemoryStaysFlatOverEightyRefreshes() async throws {
        let server = try await SiteServer(script: "Tests/LibraryTests/Fixtures/server.py")
        let sandbox = try await LecternSandbox()
        let outlines = (0..<Self.feeds).map { "<outline text=\"Bench \($0)\" xmlUrl=\"http://127.0.0.1:\(server.port)/bench/\($0).xml\"/>" }
        let opml = sandbox.root.appending(path: "bench.opml")
        try "<opml version=\"2.0\"><body>\(outlines.joined())</body></opml>".write(to: opml, atomically: true, encoding: .utf8)
        try #require(await sandbox.run(["--batch", opml.path, "--refresh"], environment: ["DISPLAY": nil]).status == 0)
        let app = try sandbox.start([])
        defer { app.stop() }
        try #require(await sandbox.lecternIsRunning())

        /// One whole refresh: every feed asked once more (a refresh still running ignores the
        /// action, so it is asked again until the requests arrive).
        func refresh() async -> Bool {
            let target = server.hits(prefix: "/bench/") + Self.feeds
            for _ in 0..<5 {
                await sandbox.activate("refresh")
                if await eventually(timeout: 5, { server.hits(prefix: "/bench/") >= target }) {
                    await pause(seconds: 0.1)   // its last writes and the window's reload
                    return true
                }
            }
            return false
        }
        for _ in 0..<10 { try #require(await refresh(), "a refresh never reached the server") }
        await pause(seconds: 0.5)
        let before = try #require(residentKilobytes(app.processIdentifier))
        for _ in 0..<80 { try #require(await refresh(), "a refresh never reached the server") }
        await pause(seconds: 0.5)
        let after = try #require(residentKilobytes(app.processIdentifier))
        let growth = Double(after - before) / 1024
        #expect(growth < 5, "resident memory grew \(String(format: "%.1f", growth)) MB over 80 refreshes (\(before / 1024) → \(after / 1024) MB)")
    }

    private func residentKilobytes(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
    }
}
