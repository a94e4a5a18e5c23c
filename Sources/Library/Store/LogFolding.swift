import CSQLite3
import Synchronization

/// Folds the write-ahead log into the library file off the writer's way.
///
/// SQLite's own auto-checkpoint runs inside the commit that takes the log past its threshold:
/// that commit, whoever made it (a page of a sync, a mark from the window), waits while the
/// log's pages are copied into the file and both are synced to disk. Here a commit only looks
/// at the log's length; past the same threshold, a passive checkpoint runs on a connection of
/// its own on a background queue, as SQLite's documentation suggests for writers that must
/// not wait. A passive checkpoint never blocks the writer or a reader: it copies what no
/// reader still needs, and a later one copies the rest.
///
/// While the writer goes on writing, the log cannot start over (it would lose pages not yet
/// copied), so it grows: past `ceiling`, the commit checkpoints itself as SQLite's would, and
/// the log stays bounded. Once the log has started over, its file is cut back to the threshold.
final class LogFolding: Sendable {
    /// SQLite's auto-checkpoint threshold, in pages of the log (4 MB).
    static let threshold: Int32 = 1000
    /// The length past which a commit folds the log itself (40 MB).
    static let ceiling: Int32 = 10 * threshold

    private let path: String
    /// The folding's own connection, opened the first time the log needs folding (a library
    /// that is only read, or written a little, never holds a third connection).
    private let connection = Mutex<ConnectionLock?>(nil)
    private let work = BackgroundWork()

    init(path: String) {
        self.path = path
    }

    /// Takes over from SQLite's auto-checkpoint on `writer`, which must not outlive this.
    func watch(_ writer: SQLiteDatabase) throws(StorageError) {
        try writer.execute("PRAGMA journal_size_limit = \(Int(Self.threshold) * 4096)")
        writer.afterCommit(context: Unmanaged.passUnretained(self).toOpaque()) { context, database, name, pages in
            if pages >= LogFolding.ceiling {
                sqlite3_wal_checkpoint(database, name)
            } else if pages >= LogFolding.threshold, let context {
                Unmanaged<LogFolding>.fromOpaque(context).takeUnretainedValue().fold()
            }
            return SQLITE_OK
        }
    }

    /// Checkpoints in the background (at once if none is running; else once more after it).
    func fold() {
        work.request { [self] in
            // Busy (another checkpoint under way), or the connection could not be opened: the
            // next commit past the threshold asks again.
            try? opened().withConnection { database throws(StorageError) in try database.execute("PRAGMA wal_checkpoint(PASSIVE)") }
            return false
        }
    }

    /// The folding's connection, opened if it is not yet.
    private func opened() throws(StorageError) -> ConnectionLock {
        try connection.withLock { connection throws(StorageError) in
            if let connection { return connection }
            let database = try SQLiteDatabase(path: path)
            try database.execute("PRAGMA synchronous = NORMAL")
            let opened = ConnectionLock(database)
            connection = opened
            return opened
        }
    }

    /// Stops for good after the checkpoint under way, and waits for it: Lectern is quitting.
    func stop() {
        work.stop()
    }
}
