import CGStreamer
import Foundation
import Playback

/// `lectern-bench playback --uri URI [--uri URI]… [--hour URI] [--runs N]`: Lectern's player
/// (`Playback.MediaPlayer`) as the app drives it, one JSON line per measurement; the same lines
/// for a bare GStreamer playbin come from scripts/bench_playback_peer.py in the same run.
/// - `playback-start`: from open to playing (the first buffer at the sink), median of N, per URI;
/// - `playback-cpu`: the process's CPU over 10 s of playing the first URI, as % of one core; then
///   5 s paused: CPU, the main thread's wake-ups and Lectern's own position ticks (target: none);
/// - `playback-hour`: an hour-long episode played through three times to a sink that does not
///   wait (as fast as it decodes): the median wall time, resident memory before, its growth at the
///   first one's peak and what stayed after it (the allocator keeps freed memory for the next),
///   and how much more the other runs kept (`LECTERN_BENCH_HOUR_RUNS`, 3 by default). glibc gives
///   each new streaming thread an arena of its own and keeps it, so that figure is allocator
///   retention up to glibc's cap of arenas; run with `MALLOC_ARENA_MAX=1` it is what leaks (~0).
@MainActor
enum PlaybackBenchmark {
    static func run(_ arguments: [String]) -> Int32 {
        var uris: [String] = [], hour: String?, runs = 5
        var index = 0
        while index < arguments.count {
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch arguments[index] {
            case "--uri": uris.append(value)
            case "--hour": hour = value
            case "--runs": runs = Int(value) ?? runs
            default: return usage()
            }
            index += 2
        }
        guard let first = uris.first.flatMap(URL.init(string:)) else { return usage() }
        for uri in uris.compactMap(URL.init(string:)) {
            var times: [Double] = []
            for _ in 0..<runs {
                let player = MediaPlayer(userAgent: "lectern-bench")
                let start = Date()
                player.open(uri)
                guard iterate(seconds: 20, until: { player.state == .playing }) else { return failed(player, uri) }
                times.append(Date().timeIntervalSince(start) * 1000)
                player.close()
            }
            emit(["bench": "playback-start", "who": "lectern", "uri": uri.absoluteString, "runs": runs,
                  "median_ms": round(times.sorted()[times.count / 2] * 10) / 10])
        }

        let player = MediaPlayer(userAgent: "lectern-bench")
        var ticks = 0
        player.onChange = { ticks += 1 }
        player.open(first)
        guard iterate(seconds: 20, until: { player.state == .playing }) else { return failed(player, first) }
        let playing = Usage.now()
        iterate(seconds: 10, until: { false })
        let played = Usage.now().since(playing)
        player.pause()
        iterate(seconds: 0.5, until: { false })   // the pipeline settles
        ticks = 0
        let paused = Usage.now()
        iterate(seconds: 5, until: { false })
        let rested = Usage.now().since(paused)
        emit(["bench": "playback-cpu", "who": "lectern", "sound": player.noSoundDevice ? "silent sink" : "device",
              "playing_cpu_pct": round(played.cpuPercent * 100) / 100, "paused_cpu_ms": round(rested.cpuSeconds * 10_000) / 10,
              "paused_main_thread_wakeups": rested.wakeups, "paused_position_ticks": ticks])
        player.close()

        if let hour = hour.flatMap(URL.init(string:)) {
            // Three in a row: the first shows what an episode costs at its peak and what the
            // allocator keeps for the next; the other two, whether anything still grows (flat: ~0).
            var runs: [(seconds: Double, before: Int, peak: Int, after: Int)] = []
            for _ in 0..<max(3, ProcessInfo.processInfo.environment["LECTERN_BENCH_HOUR_RUNS"].flatMap(Int.init) ?? 3) {
                let fast = MediaPlayer(userAgent: "lectern-bench", output: .discard)
                PeakMemory.giveBackFreed()
                let before = Usage.residentBytes()
                Usage.resetPeak()
                let start = Date()
                fast.open(hour)
                guard iterate(seconds: 600, until: { fast.state == .ended || isFailed(fast) }), fast.state == .ended else {
                    return failed(fast, hour)
                }
                let seconds = Date().timeIntervalSince(start), peak = Usage.peakBytes()
                fast.close()
                iterate(seconds: 0.5, until: { false })
                PeakMemory.giveBackFreed()
                runs.append((seconds, before, peak, Usage.residentBytes()))
            }
            let first = runs[0], third = runs[runs.count - 1]
            emit(["bench": "playback-hour", "who": "lectern",
                  "malloc_arena_max": ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] ?? "default", "seconds": round(runs.map(\.seconds).sorted()[1] * 100) / 100,
                  "rss_before_mb": megabytes(first.before), "rss_peak_growth_mb": megabytes(first.peak - first.before),
                  "rss_kept_after_first_mb": megabytes(first.after - first.before),
                  "more_runs": runs.count - 1, "rss_growth_more_runs_mb": megabytes(third.after - first.after)])
        }
        return 0
    }

    /// Runs the default main context (GStreamer's bus and the player's ticks) until `condition`
    /// holds or `seconds` pass; whether it held. One timeout wakes the loop at the end, so the
    /// wait itself adds no wake-ups to what is measured.
    @discardableResult
    private static func iterate(seconds: Double, until condition: () -> Bool) -> Bool {
        final class Flag { var fired = false }
        let flag = Flag()
        let source = g_timeout_add(UInt32(seconds * 1000), { data in
            if let data { Unmanaged<Flag>.fromOpaque(data).takeUnretainedValue().fired = true }
            return 0
        }, Unmanaged.passUnretained(flag).toOpaque())
        while !condition(), !flag.fired { g_main_context_iteration(nil, 1) }
        if !flag.fired { g_source_remove(source) }
        return condition()
    }

    private static func isFailed(_ player: MediaPlayer) -> Bool {
        if case .failed = player.state { return true }
        return false
    }

    private static func failed(_ player: MediaPlayer, _ uri: URL) -> Int32 {
        FileHandle.standardError.write(Data("lectern-bench playback: \(uri) did not play: \(player.state)\n".utf8))
        return 1
    }

    private static func usage() -> Int32 {
        FileHandle.standardError.write(Data("usage: lectern-bench playback --uri URI [--uri URI]... [--hour URI] [--runs N]\n".utf8))
        return 2
    }

    private static func megabytes(_ bytes: Int) -> Double { round(Double(bytes) / 1_048_576 * 10) / 10 }

    private static func emit(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        print(String(decoding: data, as: UTF8.self))
    }
}

/// The process's CPU time, the main thread's voluntary context switches (each a wake-up after
/// sleeping), and its resident memory, from getrusage and /proc.
struct Usage {
    let wall: Date
    let cpuSeconds: Double
    let wakeups: Int

    static func now() -> Usage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Usage(wall: Date(), cpuSeconds: cpu, wakeups: status("voluntary_ctxt_switches", task: true))
    }

    func since(_ start: Usage) -> Usage {
        Usage(wall: start.wall, cpuSeconds: cpuSeconds - start.cpuSeconds, wakeups: wakeups - start.wakeups)
    }

    /// CPU as a percentage of one core over the wall time since `wall`.
    var cpuPercent: Double { cpuSeconds / max(0.001, Date().timeIntervalSince(wall)) * 100 }

    static func residentBytes() -> Int { status("VmRSS") * 1024 }
    static func peakBytes() -> Int { status("VmHWM") * 1024 }
    /// Resets the kernel's high-water mark to the current size (Linux 4.0+).
    static func resetPeak() { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }

    /// A number field of /proc/self/status, or of the main thread's own status when `task`.
    private static func status(_ field: String, task: Bool = false) -> Int {
        let path = task ? "/proc/self/task/\(getpid())/status" : "/proc/self/status"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let value = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") else { return 0 }
        return value
    }
}
