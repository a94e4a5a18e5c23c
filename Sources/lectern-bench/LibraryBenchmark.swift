import Foundation
import Library

/// `lectern-bench library [--articles N] [--view N]`: builds synthetic libraries in a
/// temp folder and prints JSON lines for search latency (on N articles, default 100k)
/// and for opening the All view (query to first rows, on a library of `--view`
/// articles, default 50k), each the median of several runs.
enum LibraryBenchmark {
    static func run(_ arguments: [String]) -> Int32 {
        var articles = 100_000
        var view = 50_000
        var index = 0
        while index + 1 < arguments.count {
            if arguments[index] == "--articles", let value = Int(arguments[index + 1]) { articles = value }
            if arguments[index] == "--view", let value = Int(arguments[index + 1]) { view = value }
            index += 2
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-bench-\(UUID().uuidString)")
        defer {
            // LECTERN_BENCH_KEEP=1 keeps the libraries for a look with sqlite3.
            if ProcessInfo.processInfo.environment["LECTERN_BENCH_KEEP"] == nil {
                try? FileManager.default.removeItem(at: folder)
            } else {
                FileHandle.standardError.write(Data("kept \(folder.path)\n".utf8))
            }
        }
        do {
            try search(articles: articles, path: folder.appending(path: "search.sqlite").path)
            try openView(articles: view, path: folder.appending(path: "view.sqlite").path)
            return 0
        } catch {
            FileHandle.standardError.write(Data("lectern-bench library: \(error)\n".utf8))
            return 1
        }
    }

    private static func build(articles: Int, path: String) throws -> LibraryStore {
        let store = try LibraryStore.open(path: path)
        let started = Date()
        try LibraryFixtures.populate(store, articles: articles, feeds: max(1, articles / 500))
        let seconds = Date().timeIntervalSince(started)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        emit(["bench": "library-import", "articles": articles, "seconds": round3(seconds),
              "articles_per_s": Int(Double(articles) / seconds), "db_mb": round3(Double(bytes) / 1_048_576)])
        return store
    }

    private static func search(articles: Int, path: String) throws {
        let store = try build(articles: articles, path: path)
        for query in ["upd", "swi", "kernel", "linux gtk", "garden coffee", "riv", "typograph", "zeppelin", "nothingmatches"] {
            var count = 0
            let median = try measure {
                let rows = try store.articles(ArticleQuery(view: .all, search: query, limit: 50))
                count = try store.count(.all, search: query)
                _ = rows
            }
            emit(["bench": "library-search", "articles": articles, "query": query, "matches": count,
                  "median_ms": round3(median * 1000), "what": "first 50 rows by bm25 + total count"])
        }
    }

    private static func openView(articles: Int, path: String) throws {
        _ = try build(articles: articles, path: path)
        let store = try LibraryStore.open(path: path) // a fresh connection, as at launch
        let cases: [(String, ArticleQuery)] = [
            ("all-first-100", ArticleQuery(view: .all, limit: 100)),
            ("unread-first-100", ArticleQuery(view: .unread, limit: 100)),
            ("all-offset-40000", ArticleQuery(view: .all, limit: 100, offset: 40_000)),
            ("feed-first-100", ArticleQuery(view: .feed(1), limit: 100)),
        ]
        var first = true
        for (name, query) in cases {
            if first {
                let started = Date()
                _ = try store.articles(query)
                _ = try store.count(query.view)
                emit(["bench": "library-view", "articles": articles, "case": "all-cold-first-open",
                      "ms": round3(Date().timeIntervalSince(started) * 1000)])
                first = false
            }
            let median = try measure {
                _ = try store.articles(query)
                _ = try store.count(query.view)
            }
            emit(["bench": "library-view", "articles": articles, "case": name, "median_ms": round3(median * 1000),
                  "what": "rows + count"])
        }
        let counts = try measure { _ = try store.unreadCounts() }
        emit(["bench": "library-view", "articles": articles, "case": "unread-counts", "median_ms": round3(counts * 1000)])
        var started = Date()
        let change = try store.markAllRead(in: .all)
        emit(["bench": "library-status", "articles": articles, "case": "mark-all-read", "changed": change.articleIDs.count,
              "ms": round3(Date().timeIntervalSince(started) * 1000)])
        started = Date()
        try store.undo(change)
        emit(["bench": "library-status", "articles": articles, "case": "undo-mark-all-read",
              "ms": round3(Date().timeIntervalSince(started) * 1000)])
    }

    /// The median wall time of 7 runs after one warm-up.
    private static func measure(_ body: () throws -> Void) throws -> TimeInterval {
        try body()
        var times: [TimeInterval] = []
        for _ in 0..<7 {
            let started = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }

    static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    static func emit(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
