import Foundation

/// Writing the search text that ingest left pending (`SearchIndex`): in the background after a
/// sync or a refresh, and before anything reads the index.
extension LibraryStore {
    /// How many articles one transaction indexes: about 25 ms of the writer here, so the
    /// window's marks and a sync's next page never wait long behind the indexer.
    static let indexingBatch = 500

    /// Writes every pending search row now (nothing when none is pending, the usual case: one
    /// index probe). Whatever reads `article_search` calls it first.
    public func catchUpSearchIndex() throws(StorageError) {
        guard try read({ database throws(StorageError) in try SearchIndex.hasPending(in: database) }) else { return }
        while try storageTransaction({ database throws(StorageError) in
            try SearchIndex.indexPending(limit: Self.indexingBatch, in: database)
        }) > 0 {}
    }

    /// Starts `catchUpSearchIndex` off the caller's thread, once: a call while it runs makes it
    /// look again when done, so the articles of a sync that ended meanwhile are not left over.
    /// A failure leaves the articles pending; the next search tries them again and says why.
    public func indexInBackground() {
        let start = indexing.withLock { state in
            defer { state = state == .idle ? .running : .again }
            return state == .idle
        }
        guard start else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            repeat {
                try? catchUpSearchIndex()
            } while indexing.withLock { state in
                defer { state = state == .again ? .running : .idle }
                return state == .again
            }
        }
    }

    /// Whether the background indexer is idle, running, or asked to look again when done.
    enum BackgroundIndexing { case idle, running, again }
}
