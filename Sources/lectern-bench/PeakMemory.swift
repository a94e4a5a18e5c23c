import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How much resident memory a piece of work needs at its peak, measured in process: freed
/// memory goes back to the system first (`malloc_trim`), the kernel's high-water mark is
/// reset to the current size (`/proc/self/clear_refs`, Linux 4.0+), and after the work the
/// mark (`VmHWM`) less the size before is the growth. The same trick measures the peers
/// (scripts/extraction_memory.py), so the figures stand side by side. Files paged in meanwhile
/// (`RssFile`: the program's own code and tables run for the first time) are not counted: they
/// are read once in a process's life, not held for the page (a 175 KB page first to take a
/// path through the code measured 7.5 times its size, 3.9 of it file pages).
enum PeakMemory {
    /// Bytes of peak resident growth while `work` runs.
    static func growth(_ work: () -> Void) -> Int {
        _ = trim?(0)   // malloc_trim: its answer (whether memory went back) does not matter here
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = status("VmRSS"), filesBefore = status("RssFile")
        work()
        return max(0, status("VmHWM") - before - max(0, status("RssFile") - filesBefore))
    }

    /// Gives freed memory back to the system, so that resident size shows what is still held.
    static func giveBackFreed() { _ = trim?(0) }

    /// glibc's `malloc_trim` (in <malloc.h>, which the Glibc module leaves out).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// A `/proc/self/status` field in bytes.
    private static func status(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
