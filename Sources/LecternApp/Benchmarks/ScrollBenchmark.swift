import CGtk4
import Foundation
import GtkBridge

/// `make bench`'s memory measurement, run inside the real app when
/// `LECTERN_BENCH_SCROLL_ROWS=N` is set: after the first frame, walk the selection through
/// the first N rows of the All view (a frame per step, as a held-down j would), then print
/// the resident memory as one JSON line and quit. Not a user feature.
@MainActor
final class ScrollBenchmark {
    static var requestedRows: Int? {
        ProcessInfo.processInfo.environment["LECTERN_BENCH_SCROLL_ROWS"].flatMap(Int.init).map { max($0, 1) }
    }

    static func run(window: WidgetPointer, list: ArticleListController, rows: Int, finish: @escaping @MainActor () -> Void) {
        WidgetCapture.afterFirstFrame(of: window) {
            let before = residentMB()
            let started = Date()
            var position = 0
            let step = 25
            MainLoop.timeout(milliseconds: 1) {
                list.select(position)
                position += step
                guard position < rows else {
                    // Let the last frames draw before reading memory.
                    MainLoop.timeout(milliseconds: 200) {
                        let line = String(format: "{\"bench\":\"scroll-rows\",\"rows\":%d,\"rss_before_mb\":%.1f,"
                            + "\"rss_after_mb\":%.1f,\"seconds\":%.2f}", rows, before, residentMB(),
                            Date().timeIntervalSince(started))
                        FileHandle.standardOutput.write(Data((line + "\n").utf8))
                        finish()
                        return false
                    }
                    return false
                }
                return true
            }
        }
    }

    /// VmRSS from /proc/self/status, in MB.
    static func residentMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return kilobytes / 1024
    }
}
