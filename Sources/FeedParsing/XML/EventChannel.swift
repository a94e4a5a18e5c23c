import Foundation
import Synchronization

/// Recorded SAX events on their way from the thread that runs libxml2 to the builder.
final class EventChunk: @unchecked Sendable {   // owned by one side at a time, handed over under the channel's lock
    var bytes = TextBuffer(capacity: 64 * 1024)
}

/// Hands chunks of recorded events from a producer (libxml2) to a consumer (the builder).
/// `inline` replays each chunk at once on the producer's thread; otherwise the two run on
/// two threads with at most `depth` chunks between them, so memory stays bounded.
final class EventChannel: @unchecked Sendable {   // `state` guarded by `lock`; the semaphores order the hand-offs
    /// A pthread mutex (not `Synchronization.Mutex`, whose futexes ThreadSanitizer cannot see).
    private let lock = NSLock()
    private var state = State()
    private let filled = DispatchSemaphore(value: 0)
    private let vacant: DispatchSemaphore?
    private let consume: ((EventChunk) -> Bool)?
    private let stopFlag = Atomic<Bool>(false)

    private struct State {
        var full: [(chunk: EventChunk, last: Bool)] = []
        var free: [EventChunk] = []
    }

    /// A channel that replays each chunk with `consume` as soon as it is published, on the
    /// producer's thread; `consume` returns false to stop the parse.
    init(inline consume: @escaping (EventChunk) -> Bool) {
        self.consume = consume
        vacant = nil
    }

    /// A channel between two threads, holding at most `depth` chunks.
    init(depth: Int) {
        consume = nil
        vacant = DispatchSemaphore(value: depth)
    }

    /// True once the consumer asked the parse to stop.
    var consumerStopped: Bool { stopFlag.load(ordering: .relaxed) }

    /// The consumer wants no more events.
    func stopProducer() { stopFlag.store(true, ordering: .relaxed) }

    // MARK: Producer side

    /// An empty chunk to record into (waits while the consumer is `depth` chunks behind).
    func freeChunk() -> EventChunk {
        vacant?.wait()
        let reused = lock.withLock { state.free.popLast() }
        return reused ?? EventChunk()
    }

    /// Hands `chunk` on; `last` once the parse is over.
    func publish(_ chunk: EventChunk, last: Bool) {
        if let consume {
            if !consume(chunk) { stopProducer() }
            recycle(chunk)
            return
        }
        lock.withLock { state.full.append((chunk, last)) }
        filled.signal()
    }

    // MARK: Consumer side

    /// The next chunk and whether it is the last; waits for the producer.
    func take() -> (chunk: EventChunk, last: Bool) {
        filled.wait()
        return lock.withLock { state.full.removeFirst() }
    }

    /// Gives a replayed chunk back for recording.
    func recycle(_ chunk: EventChunk) {
        chunk.bytes.removeAll()
        lock.withLock { state.free.append(chunk) }
        vacant?.signal()
    }
}
