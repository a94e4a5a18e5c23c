/// Why the library database could not be opened, read or written.
///
/// Every case names what failed and what the user can do; `description` is the
/// sentence to show.
public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite reported an error. `code` is the extended result code.
    case sqlite(code: Int32, message: String)
    /// The file was written by a newer Lectern; it is left untouched.
    case newerSchema(found: Int32, supported: Int32)
    /// Bringing an older library up to this version's schema failed; it was rolled back.
    case upgradeFailed(path: String, version: Int32, message: String)
    /// The file could not be opened (missing folder, permissions, not a database).
    case cannotOpen(path: String, message: String)
    /// The file is an SQLite library, but damaged; it is left untouched.
    case damaged(path: String, reason: String)
    /// A row the caller named does not exist (e.g. a feed deleted meanwhile).
    case notFound(what: String)
    /// A feed with this URL is already in the library.
    case duplicateFeed(url: String)
    /// This user on this server is already an account.
    case duplicateAccount(title: String)
    /// A value the caller passed cannot be stored (e.g. an empty folder name).
    case invalidValue(String)

    public var description: String {
        switch self {
        case .sqlite(let code, let message) where code & 0xFF == 13: // SQLITE_FULL
            return "The disk is full, so the library could not be saved (SQLite: \(message)). "
                + "What was stored before is intact; free some space and try again."
        case .sqlite(let code, let message) where code & 0xFF == 11 || code & 0xFF == 26: // CORRUPT, NOTADB
            return "The library file is damaged (SQLite: \(message)). Lectern did not change it; "
                + "restore it from a backup, or move it aside to start a new library."
        case .sqlite(let code, let message) where code & 0xFF == 8: // SQLITE_READONLY
            return "The library could not be saved because its file is read-only (SQLite: \(message))."
        case .sqlite(let code, let message):
            return "The library database reported an error (SQLite \(code): \(message)). "
                + "If it persists, close Lectern and check the disk has free space."
        case .damaged(let path, let reason):
            return "The library at \(path) is damaged: \(reason). Lectern did not change it; "
                + "restore it from a backup, or move it aside to start a new library."
        case .newerSchema(let found, let supported):
            return "The library was written by a newer Lectern (schema \(found); this version understands up to \(supported)). "
                + "It was not changed. Update Lectern to open it."
        case .upgradeFailed(let path, let version, let message):
            return "Could not upgrade the library at \(path) to schema \(version) (SQLite: \(message)). "
                + "It was not changed. The upgrade copies the articles once, so it needs free space about "
                + "the size of the file; free some and start Lectern again."
        case .cannotOpen(let path, let message):
            return "Could not open the library at \(path): \(message). "
                + "Check the folder exists and is writable."
        case .notFound(let what):
            return "\(what) is no longer in the library; it may have been deleted. Refresh the view."
        case .duplicateFeed(let url):
            return "You are already subscribed to \(url)."
        case .duplicateAccount(let title):
            return "The account \(title) is already added."
        case .invalidValue(let reason):
            return "Could not store the value: \(reason)."
        }
    }
}
