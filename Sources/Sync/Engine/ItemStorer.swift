import Library
import Synchronization

/// Stores the articles a sync brings on a worker of its own, in the order they came, while the
/// sync goes on asking the server: the server's time and Lectern's overlap instead of adding up.
///
/// - A page can be handed over as it came (`add { try read(answer) }`): reading it is then the
///   worker's work too, off the path of the requests.
/// - Pages that queue up while one is stored are stored together, in one transaction: fewer
///   commits when the disk is the slow side.
/// - A sync `queueLimit` pages ahead of the storing waits, so answers never pile up in memory.
/// - The first failure (an answer that cannot be read, a library that cannot be written) ends
///   the storing: later pages are dropped, and `add` and `finish` throw it.
final class ItemStorer: Sendable {
    typealias Page = @Sendable () throws(SyncError) -> [RemoteItem]

    private struct State {
        var queued: [Page] = []
        var working = false
        var result = IngestResult()
        var failure: SyncError?
        /// `add` calls held back by a full queue, and `finish`: resumed whenever the worker
        /// takes the queue and when it stops.
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let store: LibraryStore
    private let accountID: Int64
    private let queueLimit: Int

    init(store: LibraryStore, accountID: Int64, queueLimit: Int = 4) {
        self.store = store
        self.accountID = accountID
        self.queueLimit = queueLimit
    }

    /// Queues a page of items to store, waiting while `queueLimit` pages are queued.
    func add(_ page: @escaping Page) async throws(SyncError) {
        while true {
            let (failure, queued, start) = state.withLock { state -> (SyncError?, Bool, Bool) in
                if let failure = state.failure { return (failure, false, false) }
                guard state.queued.count < queueLimit else { return (nil, false, false) }
                state.queued.append(page)
                defer { state.working = true }
                return (nil, true, !state.working)
            }
            if let failure { throw failure }
            if start { storingThreads.async { self.work() } }
            if queued { return }
            await until { $0.queued.count < self.queueLimit || $0.failure != nil }
        }
    }

    /// Items already read, queued as a page.
    func add(_ items: [RemoteItem]) async throws(SyncError) {
        try await add { () throws(SyncError) in items }
    }

    /// What storing every page did, once the last one is stored.
    func finish() async throws(SyncError) -> IngestResult {
        await until { !$0.working }
        let (result, failure) = state.withLock { ($0.result, $0.failure) }
        if let failure { throw failure }
        return result
    }

    /// Returns once `condition` holds, checked now and whenever the worker wakes the waiting.
    private func until(_ condition: @escaping @Sendable (State) -> Bool) async {
        while !state.withLock({ condition($0) }) {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if condition(state) { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }

    /// The worker: takes every queued page, reads and stores them in one transaction, until
    /// the queue is empty.
    private func work() {
        while true {
            let (pages, waiting) = state.withLock { state in
                let taken = (state.queued, state.waiting)
                state.queued = []
                state.waiting = []
                state.working = !taken.0.isEmpty
                return taken
            }
            waiting.forEach { $0.resume() }
            if pages.isEmpty { return }
            do throws(SyncError) {
                var items: [RemoteItem] = []
                for page in pages { items += try page() }
                let stored: IngestResult
                do { stored = try store.saveRemoteItems(items, accountID: accountID) } catch { throw .storage("\(error)") }
                state.withLock { $0.result.add(stored) }
            } catch {
                state.withLock { state in
                    if state.failure == nil { state.failure = error }
                    state.queued = []
                }
            }
        }
    }
}
