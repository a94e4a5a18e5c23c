import Foundation
import FeedParsing
#if canImport(Glibc)
import Glibc
#endif

/// `lectern-bench parse [--runs N] [--api data|file|both] FILE...`: for each file, the
/// median wall time of N parses (after one warm-up), as MB/s and entries/s, plus the
/// process's peak RSS. `data` reads the file into a `Data` first and measures
/// `FeedParser.parse(_:)` (the caller holds the whole input throughout); `file` measures
/// `FeedParser.parse(contentsOf:)`, which maps the file and hands pages back as it goes.
/// With several measurements each one runs in a fresh child process, so peak RSS
/// belongs to that file and API alone.
enum ParseBenchmark {
    static func run(_ arguments: [String]) -> Int32 {
        var runs = 7
        var apis = ["data", "file"]
        var files: [String] = []
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--runs", index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 {
                runs = value
                index += 2
            } else if arguments[index] == "--api", index + 1 < arguments.count,
                      ["data", "file", "both"].contains(arguments[index + 1]) {
                apis = arguments[index + 1] == "both" ? ["data", "file"] : [arguments[index + 1]]
                index += 2
            } else {
                files.append(arguments[index])
                index += 1
            }
        }
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("usage: lectern-bench parse [--runs N] [--api data|file|both] FILE...\n".utf8))
            return 2
        }
        if files.count == 1 && apis.count == 1 { return measure(files[0], runs: runs, api: apis[0]) }
        var status: Int32 = 0
        for file in files {
            for api in apis {
                let child = Process()
                child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
                child.arguments = ["parse", "--runs", String(runs), "--api", api, file]
                do { try child.run() } catch { return 2 }
                child.waitUntilExit()
                if child.terminationStatus != 0 { status = child.terminationStatus }
            }
        }
        return status
    }

    private static func measure(_ path: String, runs: Int, api: String) -> Int32 {
        let fileURL = URL(fileURLWithPath: path)
        var data = Data()
        if api == "data" {
            guard let contents = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("lectern-bench: cannot read \(path)\n".utf8))
                return 2
            }
            data = contents
        }
        let size = api == "data" ? data.count : ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        var entries = 0
        var times: [Double] = []
        for run in 0...runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let feed: ParsedFeed
            do {
                feed = api == "data" ? try FeedParser.parse(data) : try FeedParser.parse(contentsOf: fileURL)
            } catch {
                FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
                return 1
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            // Like the peers' timing: the parse, not freeing its result afterwards.
            withExtendedLifetime(feed) { entries = feed.entries.count }
            if run > 0 { times.append(seconds) } // run 0 warms up
        }
        times.sort()
        let median = times[times.count / 2]
        let megabytes = Double(size) / 1_000_000
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peakMB = Double(usage.ru_maxrss) / 1024
        let name = URL(fileURLWithPath: path).lastPathComponent
        let line = String(format: "{\"bench\":\"parse\",\"api\":\"%@\",\"file\":\"%@\",\"bytes\":%d,\"entries\":%d,\"runs\":%d,\"median_s\":%.4f,\"mb_per_s\":%.1f,\"entries_per_s\":%.0f,\"peak_rss_mb\":%.1f,\"peak_rss_over_file\":%.2f}",
                          api, name, size, entries, runs, median, megabytes / median, Double(entries) / median,
                          peakMB, peakMB / megabytes)
        print(line)
        return 0
    }
}
