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
        while try indexBatch() > 0 {}
    }

    /// One transaction's worth of pending rows; how many it wrote (0: none was pending).
    private func indexBatch() throws(StorageError) -> Int {
        try storageTransaction { database throws(StorageError) in
            try SearchIndex.indexPending(limit: Self.indexingBatch, in: database)
        }
    }

    /// Writes the pending search rows off the caller's thread, a batch to a transaction, until
    /// none is left. A call while it runs makes it look again when done, so the articles of a
    /// sync that ended meanwhile are not left over. A failure leaves the articles pending; the
    /// next search tries them again and says why.
    public func indexInBackground() {
        let start = indexing.withLock { state in
            switch state {
            case .idle: state = .running; return true
            case .running: state = .again; return false
            case .again, .stopped: return false
            }
        }
        guard start else { return }
        indexer.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
            defer { indexer.leave() }
            while true {
                let wrote = (try? indexBatch()) ?? 0
                let goOn = indexing.withLock { state in
                    switch state {
                    case .stopped: return false
                    case .again: state = .running; return true
                    case .running where wrote > 0: return true
                    case .running, .idle: state = .idle; return false
                    }
                }
                if !goOn { return }
            }
        }
    }

    /// Stops the background indexer after the batch it is writing and waits for it, for good:
    /// Lectern is quitting. What it had not written stays pending for the next start.
    func stopIndexing() {
        indexing.withLock { $0 = .stopped }
        indexer.wait()
    }

    /// The background indexer: idle, running, asked to look again when done, or stopped for good.
    enum BackgroundIndexing { case idle, running, again, stopped }
}
