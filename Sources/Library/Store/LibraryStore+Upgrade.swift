import Foundation

extension LibraryStore {
    /// What opening the library at `path` will do first: nil when its schema is current
    /// (or there is no library yet, or it cannot be read: opening says why), otherwise the
    /// articles an upgrade carries over. Cheap: it reads the schema version and a count,
    /// read-only, so the caller can keep its window responsive while `open` upgrades.
    public static func pendingUpgrade(at path: String) -> PendingUpgrade? {
        guard FileManager.default.fileExists(atPath: path),
              let database = try? SQLiteDatabase(path: path, readOnly: true),
              let found = try? database.scalar("PRAGMA user_version"), found > 0, found < Int64(Schema.version) else {
            return nil
        }
        let articles = (try? database.scalar("SELECT count(*) FROM articles")) ?? 0
        return PendingUpgrade(from: Int32(found), to: Schema.version, articles: Int(articles))
    }
}

/// A schema upgrade `LibraryStore.open` will run before the library can be read.
public struct PendingUpgrade: Sendable, Equatable {
    public let from: Int32
    public let to: Int32
    /// The articles it carries over (the upgrade's time grows with them).
    public let articles: Int
}
