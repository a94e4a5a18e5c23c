import ArticleModel
import Foundation
import FeedParsing

/// `lectern-bench sanitize [--runs N] FILE`: parses the feed once, then times
/// `ArticleDocument.parse` over every entry's content (or summary), resolved against
/// the entry's link. Prints one JSON line: median wall time of N passes after a warm-up,
/// as HTML MB/s and articles/s.
enum SanitizeBenchmark {
    static func run(_ arguments: [String]) -> Int32 {
        var runs = 5
        var files: [String] = []
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--runs", index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 {
                runs = value
                index += 2
            } else {
                files.append(arguments[index])
                index += 1
            }
        }
        guard files.count == 1 else {
            FileHandle.standardError.write(Data("usage: lectern-bench sanitize [--runs N] FILE\n".utf8))
            return 2
        }
        let feed: ParsedFeed
        do {
            feed = try FeedParser.parse(contentsOf: URL(fileURLWithPath: files[0]))
        } catch {
            FileHandle.standardError.write(Data("\(files[0]): \(error)\n".utf8))
            return 1
        }
        let articles = feed.entries.compactMap { entry in
            (entry.content ?? entry.summary).map { (html: $0, base: entry.link.flatMap(URL.init(string:))) }
        }
        let bytes = articles.reduce(0) { $0 + $1.html.utf8.count }
        var times: [Double] = []
        var blocks = 0
        for run in 0...runs {
            let start = DispatchTime.now().uptimeNanoseconds
            blocks = 0
            for article in articles {
                blocks += ArticleDocument.parse(html: article.html, baseURL: article.base).blocks.count
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if run > 0 { times.append(seconds) }
        }
        times.sort()
        let median = times[times.count / 2]
        let name = URL(fileURLWithPath: files[0]).lastPathComponent
        print(String(format: "{\"bench\":\"sanitize\",\"file\":\"%@\",\"articles\":%d,\"html_bytes\":%d,\"blocks\":%d,\"runs\":%d,\"median_s\":%.4f,\"mb_per_s\":%.1f,\"articles_per_s\":%.0f}",
                     name, articles.count, bytes, blocks, runs, median, Double(bytes) / 1_000_000 / median,
                     Double(articles.count) / median))
        return 0
    }
}
