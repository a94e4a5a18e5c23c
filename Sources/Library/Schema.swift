/// The library's tables and their migrations, keyed on `PRAGMA user_version`.
///
/// Migration `n` (1-based) takes the schema from version `n - 1` to `n`. A file whose
/// version is newer than `Schema.version` is refused and never written to.
enum Schema {
    /// The newest schema this build understands.
    static var version: Int32 { Int32(migrations.count) }

    static let migrations: [String] = [version1]

    /// Brings `database` up to `version` inside one transaction per step.
    static func migrate(_ database: SQLiteDatabase) throws(StorageError) {
        let found = Int32(truncatingIfNeeded: try database.scalar("PRAGMA user_version"))
        guard found <= version else { throw .newerSchema(found: found, supported: version) }
        guard found < version else { return }
        for step in Int(found)..<migrations.count {
            do {
                try database.transaction {
                    try database.execute(migrations[step])
                    try database.execute("PRAGMA user_version = \(step + 1)")
                }
            } catch let error as StorageError {
                throw error
            } catch {
                throw .invalidValue("migration \(step + 1) failed: \(error)")
            }
        }
    }

    /// Version 1. Status (read, starred, arrival) lives on the article row so the
    /// list queries are served by one covering index; see docs/library.md.
    static let version1 = """
    CREATE TABLE folders (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL UNIQUE COLLATE NOCASE,
        position INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE feeds (
        id INTEGER PRIMARY KEY,
        url TEXT NOT NULL UNIQUE,
        title TEXT,
        site_url TEXT,
        icon_url TEXT,
        folder_id INTEGER REFERENCES folders(id) ON DELETE SET NULL,
        added_at INTEGER NOT NULL,
        etag TEXT,
        last_modified TEXT,
        last_attempt INTEGER,
        last_success INTEGER,
        http_status INTEGER,
        last_error TEXT,
        not_modified_count INTEGER NOT NULL DEFAULT 0,
        failure_count INTEGER NOT NULL DEFAULT 0,
        next_attempt INTEGER,
        gone INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX feeds_folder ON feeds(folder_id);
    CREATE TABLE articles (
        id INTEGER PRIMARY KEY,
        feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
        guid TEXT NOT NULL,
        link TEXT,
        title TEXT,
        author TEXT,
        published INTEGER,
        updated INTEGER,
        sort_date INTEGER NOT NULL,
        authors TEXT,
        summary TEXT,
        content TEXT,
        categories TEXT,
        enclosures TEXT,
        thumbnail_url TEXT,
        excerpt TEXT,
        arrived INTEGER NOT NULL,
        read INTEGER NOT NULL DEFAULT 0,
        starred INTEGER NOT NULL DEFAULT 0,
        UNIQUE (feed_id, guid)
    );
    CREATE INDEX articles_link ON articles(feed_id, link) WHERE link IS NOT NULL;
    CREATE INDEX articles_date ON articles(sort_date, id);
    CREATE INDEX articles_unread ON articles(sort_date, id) WHERE read = 0;
    CREATE INDEX articles_starred ON articles(sort_date, id) WHERE starred = 1;
    CREATE INDEX articles_feed_date ON articles(feed_id, sort_date, id);
    CREATE INDEX articles_feed_unread ON articles(feed_id, sort_date, id) WHERE read = 0;
    CREATE INDEX articles_prune ON articles(arrived) WHERE read = 1 AND starred = 0;
    CREATE TABLE tombstones (
        feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
        guid TEXT NOT NULL,
        link TEXT,
        pruned_at INTEGER NOT NULL,
        PRIMARY KEY (feed_id, guid)
    ) WITHOUT ROWID;
    CREATE INDEX tombstones_link ON tombstones(feed_id, link) WHERE link IS NOT NULL;
    CREATE VIRTUAL TABLE article_search USING fts5(
        title, author, summary, content,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3'
    );
    """
}
