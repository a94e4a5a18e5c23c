import Foundation

/// One SQLite connection and the lock that makes it its own single owner: every
/// use goes through `withConnection`, so two threads never touch it at once.
final class ConnectionLock: @unchecked Sendable {
    private let lock = NSLock()
    private let database: SQLiteDatabase

    init(_ database: SQLiteDatabase) {
        self.database = database
    }

    func withConnection<T, E: Error>(_ body: (SQLiteDatabase) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(database)
    }
}
