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

    /// Starts the loop, waits (at most 30 s) for `commits` commit lines, kills it; the last count
    /// seen. Its output goes to files, not pipes: a pipe's end inherited by another test's child
    /// would keep a read waiting for ever. A loop that ends before it is killed fails the test
    /// with what it printed, promptly (no crash report to wait for).
    private func killDuringImport(path: String, commits: Int, in folder: TempFolder) async throws -> Int {
        let outputPath = folder.path("import-loop.out"), errorPath = folder.path("import-loop.err")
        for file in [outputPath, errorPath] { #expect(FileManager.default.createFile(atPath: file, contents: nil)) }
        let process = Process()
        process.executableURL = try benchBinary()
        process.arguments = ["import-loop", path]
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: URL(filePath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(filePath: errorPath))
        try process.run()
        var lines = 0
        _ = await eventually(timeout: 30) {
            lines = Self.commitsSeen(in: outputPath).lines
            return lines >= commits || !process.isRunning
        }
        let endedByItself = !process.isRunning
        kill(process.processIdentifier, SIGKILL)
        let ending = await onOwnThread { process.end(within: 5) }
        let printed = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        #expect(!endedByItself && ending.signalled && ending.status == SIGKILL,
                "the import loop ended by itself (status \(ending.status)): \(printed)")
        #expect(lines >= commits, "only \(lines) commits in 30 s")
        return Self.commitsSeen(in: outputPath).last
    }

    /// How many "committed N" lines the file holds, and the last N.
    private static func commitsSeen(in path: String) -> (lines: Int, last: Int) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let complete = text.split(separator: "\n").dropLast(text.hasSuffix("\n") ? 0 : 1).filter { $0.hasPrefix("committed ") }
        return (complete.count, complete.last.flatMap { Int($0.dropFirst("committed ".count)) } ?? 0)
    }

    @Test func killDashNineMidImportLosesNothingCommitted() async throws {
        let folder = TempFolder()
        let path = folder.path("library.sqlite")
        var committed = 0
        for round in 1...3 {
            let seen = try await killDuringImport(path: path, commits: 3 + round, in: folder)
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
