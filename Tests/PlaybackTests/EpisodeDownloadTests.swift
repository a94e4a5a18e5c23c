import Foundation
import GtkBridge
import Library
import Playback
import Testing
import TestSupport

/// Episodes downloaded for listening offline (`Library.EpisodeDownload`) from the loopback
/// episodes: whole or not at all, under the user's cap, cancelled at once, and played from disk.
@MainActor @Suite(.serialized)
struct EpisodeDownloadTests {
    let server: MediaServer
    let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-downloads-\(UUID().uuidString)")

    init() async throws {
        server = try await MediaServer()
    }

    private func files() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    private func fetch(_ path: String, maxBytes: Int = 100 << 20, calls: Counter = Counter()) async
        -> Result<(file: URL, bytes: Int), ResourceDownload.Failure> {
        let result: Result<(file: URL, bytes: Int), ResourceDownload.Failure>
        do {
            result = .success(try await EpisodeDownload.fetch(server.url(path), articleID: 7, into: folder, maxBytes: maxBytes,
                                                              appVersion: "test", progress: { _, _ in calls.add() }))
        } catch {
            result = .failure(error)
        }
        return result
    }

    @Test func anEpisodeIsDownloadedWholeAndPlaysFromTheDisk() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let calls = Counter()
        let (file, bytes) = try await fetch("/long.mp3", calls: calls).get()
        #expect(calls.count >= 1, "the progress is told")
        let served = try Data(contentsOf: server.url("/long.mp3"))
        let kept = try Data(contentsOf: file)
        #expect(bytes == served.count && kept == served, "the file is what the server sent")
        #expect(file.lastPathComponent.hasPrefix("7-") && file.pathExtension == "mp3")
        #expect(files() == [file.lastPathComponent], "no part file left: \(files())")

        let player = MediaPlayer(userAgent: "Lectern tests")
        player.open(file, at: 30)
        let played = MainLoop.iterate(until: { player.state == .playing }, timeout: 10)
        #expect(played, "\(player.state)")
        #expect(abs(player.position - 30) < 1.5)
        player.close()
    }

    @Test func aFailedOneLeavesNothingBehindAndSaysWhy() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .failure(.http(404)) = await fetch("/gone.mp3") else { Issue.record("a 404"); return }
        guard case .failure(.tooLarge(let limit)) = await fetch("/long.mp3", maxBytes: 10_000) else { Issue.record("the cap"); return }
        #expect(limit == 10_000)
        #expect(files().isEmpty, "left behind: \(files())")
    }

    @Test func aCancelledOneStopsAtOnceAndLeavesNothing() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let task = Task { await fetch("/stall.mp3") }
        await pause(seconds: 0.5)
        let started = Date()
        task.cancel()
        guard case .failure(.cancelled) = await task.value else { Issue.record("cancelled"); return }
        // Without the cancel the stalled transfer would run on to its 60 s stall timeout; a loaded
        // machine may take a few seconds to come back to this test.
        #expect(Date().timeIntervalSince(started) < 15, "the transfer noticed the cancel, not the stall timeout")
        #expect(files().isEmpty, "left behind: \(files())")
    }
}

/// A count shared with the transfer's thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
