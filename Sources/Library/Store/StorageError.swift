import Localization

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
            return tr("The disk is full, so the library could not be saved (SQLite: {error}). What was stored before is intact; free some space and try again.",
                      ["error": message])
        case .sqlite(let code, let message) where code & 0xFF == 11 || code & 0xFF == 26: // CORRUPT, NOTADB
            return tr("The library file is damaged (SQLite: {error}). Lectern did not change it; restore it from a backup, or move it aside to start a new library.",
                      ["error": message])
        case .sqlite(let code, let message) where code & 0xFF == 8: // SQLITE_READONLY
            return tr("The library could not be saved because its file is read-only (SQLite: {error}).", ["error": message])
        case .sqlite(let code, let message):
            // Translators: {code} is SQLite's error number.
            return tr("The library database reported an error (SQLite {code}: {error}). If it persists, close Lectern and check the disk has free space.",
                      ["code": String(code), "error": message])
        case .damaged(let path, let reason):
            return tr("The library at {path} is damaged: {reason}. Lectern did not change it; restore it from a backup, or move it aside to start a new library.",
                      ["path": path, "reason": reason])
        case .newerSchema(let found, let supported):
            // Translators: {found} and {supported} are version numbers of the library's format.
            return tr("The library was written by a newer Lectern (schema {found}; this version understands up to {supported}). It was not changed. Update Lectern to open it.",
                      ["found": String(found), "supported": String(supported)])
        case .upgradeFailed(let path, let version, let message):
            return tr("Could not upgrade the library at {path} to schema {version} (SQLite: {error}). It was not changed. The upgrade copies the articles once, so it needs free space about the size of the file; free some and start Lectern again.",
                      ["path": path, "version": String(version), "error": message])
        case .cannotOpen(let path, let message):
            return tr("Could not open the library at {path}: {error}. Check the folder exists and is writable.", ["path": path, "error": message])
        case .notFound(let what):
            // Translators: {thing} is what is missing, e.g. "The feed" or "The saved search".
            return tr("{thing} is no longer in the library; it may have been deleted. Refresh the view.", ["thing": what])
        case .duplicateFeed(let url):
            return tr("You are already subscribed to {url}.", ["url": url])
        case .duplicateAccount(let title):
            return tr("The account {account} is already added.", ["account": title])
        case .invalidValue(let reason):
            return tr("Could not store the value: {reason}.", ["reason": reason])
        }
    }
}
