import CSQLite3
import Foundation
import Localization
import Synchronization

/// The library: folders, feeds, articles and their status in one SQLite file.
///
/// Two connections, each behind its own lock: a *writer* for every change (refresh
/// results, marks, imports) and a *reader* for the list and count queries, so the
/// UI's synchronous reads never wait behind a refresh transaction (WAL lets readers
/// run beside the writer). Every method is synchronous and safe from any thread.
public final class LibraryStore: Sendable {
    /// The database file.
    public let path: String
    private let writer: ConnectionLock
    private let reader: ConnectionLock
    /// The search indexer (`indexInBackground`).
    let indexer = BackgroundWork()
    /// Checkpoints the write-ahead log in the background, in place of SQLite's in-commit one.
    private let logFolding: LogFolding

    /// Opens (creating it and its folder if needed) the library at `path` and brings
    /// its schema up to date. A library from a newer Lectern is refused untouched.
    public static func open(path: String) throws(StorageError) -> LibraryStore {
        try LibraryStore(path: path)
    }

    private init(path: String) throws(StorageError) {
        self.path = path
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: path, message: tr("the folder {folder} could not be created ({error})",
                                                      ["folder": folder.path, "error": error.localizedDescription]))
        }
        try LibraryFileCheck.folderIsWritable(folder, for: path)
        try LibraryFileCheck.notTruncated(path)
        do {
            let writer = try SQLiteDatabase(path: path)
            try Self.checkVersion(writer)
            try writer.execute("PRAGMA journal_mode = WAL")
            try writer.execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA temp_store = MEMORY")
            try Schema.migrate(writer, path: path)
            let reader = try SQLiteDatabase(path: path)
            try reader.execute("PRAGMA query_only = ON; PRAGMA cache_size = -16000; PRAGMA temp_store = MEMORY")
            logFolding = LogFolding(path: path)
            try logFolding.watch(writer)
            self.writer = ConnectionLock(writer)
            self.reader = ConnectionLock(reader)
        } catch .sqlite(let code, let message) where code & 0xFF == SQLITE_CORRUPT {
            throw .damaged(path: path, reason: tr("SQLite found it malformed ({error})", ["error": message]))
        } catch .sqlite(_, let message) {
            throw .cannotOpen(path: path, message: message)
        }
    }

    /// Moves every change from the write-ahead log into the library file and empties the
    /// log, so the file alone holds the whole library (a copy made for a backup while
    /// Lectern is closed misses nothing). Called when Lectern quits: the background search
    /// indexer is stopped first, or it could write to the log after it was emptied, and so is
    /// the background checkpoint.
    public func checkpoint() throws(StorageError) {
        stopIndexing()
        logFolding.stop()
        try write { database throws(StorageError) in try database.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Refuses newer schemas before anything is written, and non-databases clearly.
    private static func checkVersion(_ database: SQLiteDatabase) throws(StorageError) {
        let found: Int32
        do {
            found = Int32(truncatingIfNeeded: try database.scalar("PRAGMA user_version"))
        } catch .sqlite(let code, _) where code & 0xFF == SQLITE_NOTADB {
            throw .cannotOpen(path: database.path, message: tr("the file is not a Lectern library (not an SQLite database)"))
        }
        if found > Schema.version { throw .newerSchema(found: found, supported: Schema.version) }
    }

    /// Runs `body` on the writer connection (not in a transaction by itself).
    @discardableResult
    func write<T>(_ body: (SQLiteDatabase) throws(StorageError) -> T) throws(StorageError) -> T {
        try writer.withConnection(body)
    }

    /// Runs `body` in one writer transaction; any error rolls all of it back.
    @discardableResult
    func transaction<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        try writer.withConnection { (database: SQLiteDatabase) throws -> T in
            try database.transaction { try body(database) }
        }
    }

    /// Same as `transaction` for bodies that only throw `StorageError`.
    @discardableResult
    func storageTransaction<T>(_ body: (SQLiteDatabase) throws(StorageError) -> T) throws(StorageError) -> T {
        do {
            return try transaction { database in try body(database) }
        } catch let error as StorageError {
            throw error
        } catch {
            throw .invalidValue("\(error)")
        }
    }

    /// Runs `body` on the reader connection.
    func read<T>(_ body: (SQLiteDatabase) throws(StorageError) -> T) throws(StorageError) -> T {
        try reader.withConnection(body)
    }

    /// `PRAGMA integrity_check` (and the FTS index's own check): "ok" when healthy.
    public func integrityCheck() throws(StorageError) -> String {
        try write { database throws(StorageError) in
            let rows = try database.query("PRAGMA integrity_check") { $0.text(0) ?? "" }
            let result = rows.joined(separator: "; ")
            guard result == "ok" else { return result }
            do {
                try database.run("INSERT INTO article_search(article_search, rank) VALUES ('integrity-check', 0)")
            } catch {
                return "search index: \(error)"
            }
            return "ok"
        }
    }

    /// The query plan SQLite chooses for `sql` (for tests and benchmarks).
    func queryPlan(_ sql: String, _ values: [SQLValue] = []) throws(StorageError) -> [String] {
        try read { database throws(StorageError) in
            try database.query("EXPLAIN QUERY PLAN " + sql, values) { $0.text(3) ?? "" }
        }
    }
}

extension LibraryStore {
    /// Refreshes the planner's statistics (`PRAGMA optimize`); cheap, run after big imports.
    public func analyze() throws(StorageError) {
        try write { database throws(StorageError) in try database.execute("PRAGMA optimize") }
    }
}
