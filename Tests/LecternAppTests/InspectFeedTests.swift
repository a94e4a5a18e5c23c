import Foundation
import Testing
import TestSupport

@Suite("lectern --inspect-feed")
struct InspectFeedTests {
    @Test func aFeedPrintsItsJSONAndExitsZero() async throws {
        let sandbox = try await LecternSandbox()
        let feed = LecternSandbox.packageRoot.appending(path: "data/samples/reading-room.rss").path
        let result = await sandbox.run(["--inspect-feed", feed], environment: ["DISPLAY": nil])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("{\"format\":\"rss20\",\"title\":\"The Reading Room\",\"link\":"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let entries = try #require(json["entries"] as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(entries.first?["published"] as? String == "2026-11-27T08:15:00Z")
    }

    @Test func aPageThatIsNotAFeedExitsOneAndSaysWhatItFound() async throws {
        let sandbox = try await LecternSandbox()
        let page = sandbox.root.appending(path: "page.html")
        try "<!doctype html><html><head><title>Hi</title></head><body><p>No feed here</p></body></html>"
            .write(to: page, atomically: true, encoding: .utf8)
        let result = await sandbox.run(["--inspect-feed", page.path], environment: ["DISPLAY": nil])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a feed"))
        #expect(result.stderr.lowercased().contains("html"), "\(result.stderr)")
    }

    @Test func anUnreadableArgumentExitsTwo() async throws {
        let sandbox = try await LecternSandbox()
        let result = await sandbox.run(["--inspect-feed", "/nonexistent/feed.xml"], environment: ["DISPLAY": nil])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read /nonexistent/feed.xml"))
    }
}
