import Foundation
import TestSupport
import Testing
@testable import Library
#if canImport(Glibc)
import Glibc
#endif

/// Kills a real process (`lectern-bench import-loop`) with SIGKILL while it writes
/// 200-article transactions, then checks the library: intact, nothing committed lost,
/// no half-written batch.
@Suite struct CrashSafetyTests {
    /// `lectern-bench`, built beside the test bundle by `swift build --build-tests`.
    private func benchBinary() throws -> URL {
        var folder = URL(filePath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = folder.appending(path: "lectern-bench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "lectern-bench (run swift build --build-tests)"])
    }

    /// Starts the loop, waits for `commits` commit lines, kills it; the last count seen. The
    /// wait for the lines is spent on a thread of its own.
    private func killDuringImport(path: String, commits: Int) async throws -> Int {
        let process = Process()
        process.executableURL = try benchBinary()
        process.arguments = ["import-loop", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let seen = await onOwnThread { Self.lastCommitSeen(in: output.fileHandleForReading, commits: commits) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        return seen
    }

    /// Reads "committed N" lines until `commits` of them came (or 20 s passed); the last N.
    private static func lastCommitSeen(in handle: FileHandle, commits: Int) -> Int {
        var seen = 0
        var lines = 0
        var buffer = Data()
        let deadline = Date().addingTimeInterval(20)
        while lines < commits, Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            let text = String(decoding: buffer, as: UTF8.self)
            let complete = text.split(separator: "\n", omittingEmptySubsequences: true).filter { $0.hasPrefix("committed ") }
            lines = complete.count
            if let last = complete.last, text.hasSuffix("\n") || complete.count > 1 {
                seen = Int(last.dropFirst("committed ".count)) ?? seen
            }
        }
        return seen
    }

    @Test func killDashNineMidImportLosesNothingCommitted() async throws {
        let folder = TempFolder()
        let path = folder.path("library.sqlite")
        var committed = 0
        for round in 1...3 {
            let seen = try await killDuringImport(path: path, commits: 3 + round)
            #expect(seen >= committed)
            let store = try LibraryStore.open(path: path)
            #expect(try store.integrityCheck() == "ok")
            let count = try store.count(.all)
            #expect(count >= seen, "round \(round): \(count) stored, \(seen) reported committed")
            #expect(count % ImportBatch.size == 0, "a half-written batch survived: \(count)")
            // Each article is indexed for search or waits for it, marked in the same transaction:
            // none is lost to search, and no row is left of an article never stored.
            let database = try SQLiteDatabase(path: path, readOnly: true)
            #expect(try database.scalar("""
                SELECT count(*) FROM articles WHERE id NOT IN (SELECT rowid FROM article_search)
                    AND id NOT IN (SELECT id FROM search_pending)
                """) == 0)
            #expect(try database.scalar("SELECT count(*) FROM article_search WHERE rowid NOT IN (SELECT id FROM articles)") == 0)
            committed = count
        }
        #expect(committed >= 3 * ImportBatch.size)
    }
}

/// Must match `ImportLoopCommand.batch` in lectern-bench.
enum ImportBatch { static let size = 200 }
