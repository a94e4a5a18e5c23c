import Foundation
import Library
import Synchronization

/// What the window asks of the library on a reload — the first page of the All list and the
/// unread counts — done every 16 ms (a frame) on a thread of its own while other work writes,
/// each timed: whether that work ever makes the window wait.
final class ReadProbe: Sendable {
    private let store: LibraryStore
    private let running = Mutex(true)
    private let times = Mutex<[Double]>([])
    private let finished = DispatchSemaphore(value: 0)

    init(store: LibraryStore) {
        self.store = store
        Thread { [self] in
            while running.withLock({ $0 }) {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try? store.articles(ArticleQuery(view: .all, limit: 100))
                _ = try? store.unreadCounts()
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                times.withLock { $0.append(milliseconds) }
                if milliseconds < 16 { usleep(useconds_t((16 - milliseconds) * 1000)) }
            }
            finished.signal()
        }.start()
    }

    /// Stops probing; every read's time, in milliseconds, in the order they were made.
    func stop() -> [Double] {
        running.withLock { $0 = false }
        finished.wait()
        return times.withLock { $0 }
    }

    /// The count, median, 99th percentile and longest of `reads`.
    static func summary(_ reads: [Double]) -> (count: Int, median: Double, p99: Double, longest: Double) {
        let sorted = reads.sorted()
        guard !sorted.isEmpty else { return (0, 0, 0, 0) }
        return (sorted.count, sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)], sorted.last ?? 0)
    }
}
