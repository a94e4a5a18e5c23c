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
        indexer.request { [self] in ((try? indexBatch()) ?? 0) > 0 }
    }

    /// Stops the background indexer after the batch it is writing and waits for it, for good:
    /// Lectern is quitting. What it had not written stays pending for the next start.
    func stopIndexing() {
        indexer.stop()
    }
}
