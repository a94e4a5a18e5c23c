import Foundation
import Library
#if canImport(Glibc)
import Glibc
#endif

/// `lectern-bench library-refresh --base URL --feeds N`: subscribes N feeds
/// `<base>/bench/<i>.xml` (Tests/LibraryTests/Fixtures/server.py serves them) in a
/// temp library, refreshes them all, then again (every answer a 304). One JSON line
/// per pass: wall time, feeds/s, outcomes, peak RSS of the process.
enum RefreshBenchmark {
    static func run(_ arguments: [String]) async -> Int32 {
        var base: String?
        var feeds = 500
        var index = 0
        while index + 1 < arguments.count {
            if arguments[index] == "--base" { base = arguments[index + 1] }
            if arguments[index] == "--feeds", let value = Int(arguments[index + 1]) { feeds = value }
            index += 2
        }
        guard let base else {
            FileHandle.standardError.write(Data("usage: lectern-bench library-refresh --base http://127.0.0.1:PORT --feeds N\n".utf8))
            return 2
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let store = try LibraryStore.open(path: folder.appending(path: "refresh.sqlite").path)
            for number in 0..<feeds { try store.addFeed(url: "\(base)/bench/\(number).xml") }
            let refresher = FeedRefresher(store: store, policy: RefreshPolicy(appVersion: "bench"))
            var failed = 0
            for pass in ["first", "all-304"] {
                let started = DispatchTime.now().uptimeNanoseconds
                let summary = await refresher.refresh()
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                let notModified = summary.outcomes.values.filter { $0 == .notModified }.count
                failed += summary.failedFeedIDs.count
                LibraryBenchmark.emit([
                    "bench": "library-refresh", "pass": pass, "feeds": feeds, "seconds": LibraryBenchmark.round3(seconds),
                    "feeds_per_s": Int(Double(feeds) / seconds), "new_articles": summary.newArticles,
                    "not_modified": notModified, "failed": summary.failedFeedIDs.count, "peak_rss_mb": peakRSS(),
                ])
            }
            return failed == 0 ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("lectern-bench library-refresh: \(error)\n".utf8))
            return 1
        }
    }

    /// The process's peak resident memory so far, in MB.
    static func peakRSS() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return LibraryBenchmark.round3(Double(usage.ru_maxrss) / 1024)
    }
}
