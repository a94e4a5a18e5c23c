import CSQLite3
import Foundation
import Localization

/// One SQLite connection with a cache of prepared statements.
///
/// Not thread-safe on its own: `LibraryStore` owns each connection behind a lock
/// (one owner per connection). SQL text never contains values — only `?` bindings.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    private var cache: [String: SQLiteStatement] = [:]
    let path: String

    /// Opens (or creates, unless `readOnly`) the database at `path`.
    init(path: String, readOnly: Bool = false) throws(StorageError) {
        var pointer: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE))
            | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? tr("out of memory")
            if let pointer { sqlite3_close_v2(pointer) }
            throw .cannotOpen(path: path, message: message)
        }
        handle = pointer
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        setBusyTimeout(milliseconds: Self.busyTimeout)
    }

    /// Milliseconds a statement waits for another connection's lock.
    static let busyTimeout: Int32 = 5_000

    deinit {
        cache.removeAll() // finalize statements before closing
        sqlite3_close_v2(handle)
    }

    /// The error for `code`, with SQLite's message for this connection.
    func error(_ code: Int32) -> StorageError {
        .sqlite(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }

    /// How long a statement waits for another connection's lock before it fails.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Calls `hook` after every commit with the write-ahead log's length in pages, in place of
    /// SQLite's auto-checkpoint (`LogFolding`). `context` is handed to it as it is.
    func afterCommit(context: UnsafeMutableRawPointer,
                     _ hook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32) {
        sqlite3_wal_hook(handle, hook, context)
    }

    /// Runs SQL text without bindings (schema and pragmas only).
    func execute(_ sql: String) throws(StorageError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// The cached prepared statement for `sql`, reset and ready to bind.
    func statement(_ sql: String) throws(StorageError) -> SQLiteStatement {
        if let cached = cache[sql] {
            cached.reset()
            return cached
        }
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard code == SQLITE_OK, let pointer else { throw error(code) }
        let statement = SQLiteStatement(handle: pointer, database: self)
        cache[sql] = statement
        return statement
    }

    /// Runs a statement that returns no rows; the number of rows changed.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue] = []) throws(StorageError) -> Int {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs a query and maps every row.
    func query<T>(_ sql: String, _ values: [SQLValue] = [],
                  _ row: (SQLiteStatement) throws(StorageError) -> T) throws(StorageError) -> [T] {
        var rows: [T] = []
        try forEachRow(sql, values) { statement throws(StorageError) in rows.append(try row(statement)) }
        return rows
    }

    /// Runs a query and hands every row to `row`.
    func forEachRow(_ sql: String, _ values: [SQLValue] = [],
                    _ row: (SQLiteStatement) throws(StorageError) -> Void) throws(StorageError) {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() { try row(statement) }
    }

    /// The first row of a query, mapped; nil when there is none.
    func first<T>(_ sql: String, _ values: [SQLValue] = [],
                  _ row: (SQLiteStatement) throws(StorageError) -> T) throws(StorageError) -> T? {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        return try statement.step() ? row(statement) : nil
    }

    /// A single integer (e.g. `count(*)`), 0 when there is no row.
    func scalar(_ sql: String, _ values: [SQLValue] = []) throws(StorageError) -> Int64 {
        try first(sql, values) { $0.int64(0) } ?? 0
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; rolls back on any error.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}
