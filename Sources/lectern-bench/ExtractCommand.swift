import ArticleExtraction
import Foundation

/// `lectern-bench extract FILE [URL]`: the article found in a saved page, as the JSON of
/// `lectern --extract-article` (without starting GTK), for the extraction scorer.
/// `lectern-bench extract --time PAGES [--rounds N]`: the median milliseconds per page in
/// process over every `PAGES/*/source.html` (timed like the peers: one round after a warm-up
/// page; with N rounds, each page's best).
/// `lectern-bench extract --memory PAGES`: each page's peak memory growth while it is
/// extracted, against the page's size (see `PeakMemory`).
/// `lectern-bench extract --memory PAGES --largest-alone`: the same for the set's largest page
/// only, in a process that read nothing but it and the warm-up page (the first).
enum ExtractCommand {
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.first == "--memory", arguments.count == 2 { return memory(arguments[1]) }
        if arguments.first == "--memory", arguments.count == 3, arguments[2] == "--largest-alone" { return largestAlone(arguments[1]) }
        if arguments.first == "--time", arguments.count == 2 { return time(arguments[1], rounds: 1) }
        if arguments.first == "--time", arguments.count == 4, arguments[2] == "--rounds", let rounds = Int(arguments[3]), rounds > 0 {
            return time(arguments[1], rounds: rounds)
        }
        guard (1...2).contains(arguments.count), let data = FileManager.default.contents(atPath: arguments[0]) else {
            FileHandle.standardError.write(Data("usage: lectern-bench extract FILE [URL] | --time PAGES [--rounds N] | --memory PAGES [--largest-alone]\n".utf8))
            return 2
        }
        do {
            let article = try ArticleExtractor.extract(from: data, url: arguments.count == 2 ? URL(string: arguments[1]) : nil)
            print(article.json)
            return 0
        } catch {
            FileHandle.standardError.write(Data("lectern-bench: \(error)\n".utf8))
            return 1
        }
    }

    /// The address the Readability pages say they come from.
    private static let url = URL(string: "http://fakehost/test/page.html")

    /// Every `PAGES/*/source.html`, in name order, after one warm-up extraction (code and
    /// lazily made tables), as the peers are run.
    private static func warmedPages(in folder: String) -> [Data] {
        let pages = sources(in: folder).compactMap { FileManager.default.contents(atPath: $0) }
        if let first = pages.first { _ = try? ArticleExtractor.extract(from: first, url: url) }
        return pages
    }

    /// Every `PAGES/*/source.html`, in the order of the page folders' names.
    private static func sources(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { "\(folder)/\($0)/source.html" }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    private static func time(_ folder: String, rounds: Int) -> Int32 {
        let pages = warmedPages(in: folder)
        guard !pages.isEmpty else { return 2 }
        // One round is how the peers are timed (a warm-up page, then each page once); with
        // more, each page's time is its best round (the rounds interleave the pages).
        var times = [Double](repeating: .infinity, count: pages.count)
        for _ in 0..<rounds {
            for (index, page) in pages.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                let result = try? ArticleExtractor.extract(from: page, url: url)
                times[index] = min(times[index], Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                withExtendedLifetime(result) {}
            }
        }
        times.sort()
        print(String(format: "{\"bench\":\"extract\",\"pages\":%d,\"median_ms\":%.2f,\"p90_ms\":%.2f,\"total_ms\":%.0f}",
                     pages.count, times[times.count / 2], times[times.count * 9 / 10], times.reduce(0, +)))
        return 0
    }

    /// The largest page's peak growth measured alone: what the pages before it left in the heap
    /// decides how much of it is fresh memory (3.9-4.5 times at its place in CleanEval, 2.4-3.1 alone).
    private static func largestAlone(_ folder: String) -> Int32 {
        let paths = sources(in: folder)
        let size = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0 }
        guard let first = paths.first, let largest = paths.max(by: { size($0) < size($1) }),
              let warm = FileManager.default.contents(atPath: first), let page = FileManager.default.contents(atPath: largest)
        else { return 2 }
        _ = try? ArticleExtractor.extract(from: warm, url: url)
        let growth = PeakMemory.growth { _ = try? ArticleExtractor.extract(from: page, url: url) }
        print(String(format: "{\"bench\":\"extract-memory-largest-alone\",\"largest_page_kb\":%d,\"largest_page_ratio\":%.2f}",
                     page.count / 1024, Double(growth) / Double(page.count)))
        return 0
    }

    /// Peak resident growth of each page's extraction over the page's size: the median, the
    /// worst, and the largest page's.
    private static func memory(_ folder: String) -> Int32 {
        let pages = warmedPages(in: folder)
        guard !pages.isEmpty else { return 2 }
        var ratios: [(ratio: Double, bytes: Int)] = []
        for page in pages {
            let growth = PeakMemory.growth { _ = try? ArticleExtractor.extract(from: page, url: url) }
            ratios.append((Double(growth) / Double(page.count), page.count))
        }
        let largest = ratios.max { $0.bytes < $1.bytes } ?? (0, 0)
        let sorted = ratios.map(\.ratio).sorted()
        print(String(format: "{\"bench\":\"extract-memory\",\"pages\":%d,\"median_ratio\":%.2f,\"p90_ratio\":%.2f,"
                     + "\"max_ratio\":%.2f,\"largest_page_kb\":%d,\"largest_page_ratio\":%.2f}",
                     pages.count, sorted[sorted.count / 2], sorted[sorted.count * 9 / 10], sorted.last ?? 0,
                     largest.bytes / 1024, largest.ratio))
        return 0
    }
}
