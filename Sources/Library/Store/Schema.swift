import CSQLite3
import Localization

/// The library's tables and their migrations, keyed on `PRAGMA user_version`.
///
/// Migration `n` (1-based) takes the schema from version `n - 1` to `n`. A file whose
/// version is newer than `Schema.version` is refused and never written to.
enum Schema {
    /// The newest schema this build understands.
    static var version: Int32 { Int32(migrations.count) }

    static let migrations: [String] = [version1, version2, version3, version4, version5, version6, version7, version8, version9, version10]

    /// Steps that rebuild a table others refer to: run with foreign keys off (SQLite's
    /// documented way to change a table's constraints), then checked before they commit.
    static let rebuildSteps: [Int: [String]] = [3: ["feeds", "folders"]]
    /// Work step `step` (keyed like `rebuildSteps`) does in Swift after its SQL, in the same transaction.
    static func swiftStep(_ step: Int, in database: SQLiteDatabase) throws(StorageError) {
        if step == 8 { try EpisodeRows.backfill(database) }
    }

    /// How long an upgrade waits for another connection's lock before it says the library is busy.
    static let upgradeBusyTimeout: Int32 = 60_000

    /// Brings the library at `path` (open as `database`) up to `version`, one transaction
    /// per step. A step that fails is rolled back and reported as `upgradeFailed`, except
    /// a damaged file, which stays `sqlite` so it reads as damaged.
    static func migrate(_ database: SQLiteDatabase, path: String) throws(StorageError) {
        let found = Int32(truncatingIfNeeded: try database.scalar("PRAGMA user_version"))
        guard found <= version else { throw .newerSchema(found: found, supported: version) }
        guard found < version else { return }
        // The window shows the upgrade while it waits: another Lectern (a batch import) may hold
        // the library for longer than a statement's usual wait.
        database.setBusyTimeout(milliseconds: upgradeBusyTimeout)
        defer { database.setBusyTimeout(milliseconds: SQLiteDatabase.busyTimeout) }
        for step in Int(found)..<migrations.count {
            let rebuilt = rebuildSteps[step] ?? []
            if !rebuilt.isEmpty { try database.execute("PRAGMA foreign_keys = OFF") }
            defer { if !rebuilt.isEmpty { try? database.execute("PRAGMA foreign_keys = ON") } }
            do {
                try database.transaction {
                    try database.execute(migrations[step])
                    try swiftStep(step, in: database)
                    for table in rebuilt {
                        if try database.first("PRAGMA foreign_key_check(\(table))", [], { _ in true }) != nil {
                            throw StorageError.invalidValue(tr("a row of {table} refers to nothing after the upgrade", ["table": table]))
                        }
                    }
                    try database.execute("PRAGMA user_version = \(step + 1)")
                }
            } catch StorageError.sqlite(let code, let message) where code & 0xFF != SQLITE_CORRUPT && code & 0xFF != SQLITE_NOTADB {
                throw .upgradeFailed(path: path, version: Int32(step + 1), message: message)
            } catch let error as StorageError {
                throw error
            } catch {
                throw .upgradeFailed(path: path, version: Int32(step + 1), message: "\(error)")
            }
        }
    }

    /// Version 1. Status (read, starred, arrival) lives on the article row so the
    /// list queries are served by one covering index; see docs/library.md. Version 2
    /// moves the article bodies out of that row.
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
    \(articleIndexes)
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

    /// Version 2. The bodies (summary, content and the JSON lists) move to their own
    /// table, so an article row holds only what the list shows and sorts by. Marking
    /// 50 000 articles read rewrote every page they lived on: about 120 MB of
    /// kilobyte-wide rows, 2.2 s; narrow rows make it a few megabytes. Ids are kept, so
    /// the search index (keyed by article id) is untouched.
    ///
    /// The bodies table refers to the new articles table before the rename, so dropping
    /// the old one cascades nowhere; the rename carries the reference over. An article
    /// whose feed is gone (only an outside edit can leave one; no list shows it) is not
    /// carried over: it would fail the foreign key and keep the library from opening.
    static let version2 = """
    CREATE TABLE articles_v2 (
        id INTEGER PRIMARY KEY,
        feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
        guid TEXT NOT NULL,
        link TEXT,
        title TEXT,
        author TEXT,
        published INTEGER,
        updated INTEGER,
        sort_date INTEGER NOT NULL,
        excerpt TEXT,
        arrived INTEGER NOT NULL,
        read INTEGER NOT NULL DEFAULT 0,
        starred INTEGER NOT NULL DEFAULT 0,
        UNIQUE (feed_id, guid)
    );
    INSERT INTO articles_v2 (id, feed_id, guid, link, title, author, published, updated, sort_date, excerpt,
                             arrived, read, starred)
        SELECT id, feed_id, guid, link, title, author, published, updated, sort_date, excerpt, arrived, read, starred
        FROM articles WHERE feed_id IN (SELECT id FROM feeds);
    CREATE TABLE article_bodies (
        id INTEGER PRIMARY KEY REFERENCES articles_v2(id) ON DELETE CASCADE,
        authors TEXT,
        summary TEXT,
        content TEXT,
        categories TEXT,
        enclosures TEXT,
        thumbnail_url TEXT
    );
    INSERT INTO article_bodies (id, authors, summary, content, categories, enclosures, thumbnail_url)
        SELECT id, authors, summary, content, categories, enclosures, thumbnail_url FROM articles
        WHERE id IN (SELECT id FROM articles_v2);
    DROP TABLE articles;
    ALTER TABLE articles_v2 RENAME TO articles;
    \(articleIndexes)
    """

    /// Version 3. Full articles: the article extracted from its web page, kept beside the
    /// feed's own body (which stays as the feed sent it), and the per-feed switch that
    /// loads it whenever an article is opened. Deleting an article takes its full article
    /// with it. `text` is the plain text the search index holds for it.
    static let version3 = """
    ALTER TABLE feeds ADD COLUMN always_full_article INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE full_articles (
        id INTEGER PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
        html TEXT NOT NULL,
        text TEXT NOT NULL,
        byline TEXT,
        fetched_at INTEGER NOT NULL
    );
    """

    /// Version 4. Sync accounts: a server's feeds, folders and articles live in the same
    /// tables as the local library's, marked with their account, so the smart views, search
    /// and marks span everything. A feed's address is unique within the local library only
    /// (an account may follow a feed the user also follows locally), and folder names within
    /// their account. `remote_id` is the server's id of a feed or folder; an account
    /// article's `guid` is the server's item id. `sync_changes` is the durable queue of
    /// local changes an account's server has not heard of yet; a read or starred change is
    /// one row per article and field, the newest winning.
    static let version4 = """
    CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        server TEXT NOT NULL,
        user_name TEXT NOT NULL,
        added_at INTEGER NOT NULL,
        last_attempt INTEGER,
        last_sync INTEGER,
        last_error TEXT,
        cursor TEXT,
        UNIQUE (kind, server, user_name)
    );
    CREATE TABLE folders_v4 (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL COLLATE NOCASE,
        position INTEGER NOT NULL DEFAULT 0,
        account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
        remote_id TEXT
    );
    INSERT INTO folders_v4 (id, title, position) SELECT id, title, position FROM folders;
    DROP TABLE folders;
    ALTER TABLE folders_v4 RENAME TO folders;
    CREATE UNIQUE INDEX folders_local_title ON folders(title) WHERE account_id IS NULL;
    CREATE UNIQUE INDEX folders_account_title ON folders(account_id, title) WHERE account_id IS NOT NULL;
    CREATE TABLE feeds_v4 (
        id INTEGER PRIMARY KEY,
        url TEXT NOT NULL,
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
        gone INTEGER NOT NULL DEFAULT 0,
        always_full_article INTEGER NOT NULL DEFAULT 0,
        account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
        remote_id TEXT
    );
    INSERT INTO feeds_v4 (id, url, title, site_url, icon_url, folder_id, added_at, etag, last_modified, last_attempt,
                          last_success, http_status, last_error, not_modified_count, failure_count, next_attempt, gone,
                          always_full_article)
        SELECT id, url, title, site_url, icon_url, folder_id, added_at, etag, last_modified, last_attempt,
               last_success, http_status, last_error, not_modified_count, failure_count, next_attempt, gone,
               always_full_article FROM feeds;
    DROP TABLE feeds;
    ALTER TABLE feeds_v4 RENAME TO feeds;
    CREATE INDEX feeds_folder ON feeds(folder_id);
    CREATE UNIQUE INDEX feeds_local_url ON feeds(url) WHERE account_id IS NULL;
    CREATE UNIQUE INDEX feeds_remote ON feeds(account_id, remote_id) WHERE account_id IS NOT NULL;
    CREATE TABLE sync_changes (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        target TEXT NOT NULL,
        value TEXT,
        queued_at INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX sync_changes_state ON sync_changes(account_id, kind, target) WHERE kind IN ('read', 'starred');
    """

    /// Version 5. Per-feed settings: notifications (NULL follows the app's switch, 0 off, 1 on),
    /// the refresh interval in minutes (NULL: the app's; 0: never), opening articles in the browser.
    /// Saved searches: a query with the All/Unread choice, shown as a view in the sidebar.
    /// Rules, and the articles a rule hid (left out of every list; read).
    static let version5 = """
    ALTER TABLE feeds ADD COLUMN notify INTEGER;
    ALTER TABLE feeds ADD COLUMN refresh_minutes INTEGER;
    ALTER TABLE feeds ADD COLUMN open_in_browser INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE rules (
        id INTEGER PRIMARY KEY,
        field TEXT NOT NULL,
        match TEXT NOT NULL,
        text TEXT NOT NULL,
        action TEXT NOT NULL,
        created_at INTEGER NOT NULL
    );
    CREATE TABLE hidden_articles (id INTEGER PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE);
    CREATE TABLE saved_searches (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        query TEXT NOT NULL,
        unread_only INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
    );
    """

    /// The feed's language (`language`, `dc:language`, `xml:lang`): an article whose text says
    /// nothing of its direction reads in its feed's.
    static let version6 = """
    ALTER TABLE feeds ADD COLUMN language TEXT;
    """

    /// Remote images per feed: NULL follows the app's switch, 0 never loads them, 1 always does.
    static let version7 = """
    ALTER TABLE feeds ADD COLUMN load_images INTEGER;
    """

    /// Labels on articles: the local library's (no account) and each account's, names unique
    /// within their library regardless of case. An article may carry any number; deleting either
    /// side takes the pairing with it. `remote_id` is the server's id of an account's label.
    static let version8 = """
    CREATE TABLE labels (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE,
        account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
        remote_id TEXT
    );
    CREATE UNIQUE INDEX labels_local_name ON labels(name) WHERE account_id IS NULL;
    CREATE UNIQUE INDEX labels_account_name ON labels(account_id, name) WHERE account_id IS NOT NULL;
    CREATE TABLE article_labels (
        label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
        article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        PRIMARY KEY (label_id, article_id)
    ) WITHOUT ROWID;
    CREATE INDEX article_labels_article ON article_labels(article_id);
    """

    /// Podcast episodes: a row for each audio or video attachment of an article (made when the
    /// article is stored, and here for the articles already stored: `EpisodeRows.backfill`), with
    /// what the feed says of it (`season`, `number`, `chapters_url`, its `duration`) and where it
    /// was left: `position` in seconds, `played` once heard to its end, `touched` when last
    /// listened to (NULL: never), `chapters` (JSON) once fetched from `chapters_url`, and the
    /// downloaded `file` (its path, in the cache folder) with its `file_size` when kept offline.
    /// `duration` is the player's once it played. Goes with its article. A feed may keep its
    /// new episodes downloaded (`feeds.download_episodes`).
    static let version9 = """
    CREATE TABLE episodes (
        article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        url TEXT NOT NULL,
        position REAL NOT NULL DEFAULT 0,
        duration REAL,
        played INTEGER NOT NULL DEFAULT 0,
        touched INTEGER,
        season INTEGER,
        number INTEGER,
        chapters_url TEXT,
        chapters TEXT,
        file TEXT,
        file_size INTEGER,
        PRIMARY KEY (article_id, url)
    ) WITHOUT ROWID;
    CREATE INDEX episodes_url ON episodes(url);
    ALTER TABLE feeds ADD COLUMN download_episodes INTEGER NOT NULL DEFAULT 0;
    """

    /// Articles stored or changed whose search text is not indexed yet: a sync or a refresh
    /// stores its articles without their search text (a third of a first sync's time), and
    /// `SearchIndex.indexPending` writes it after, in the background or before the next search.
    /// Goes with its article.
    static let version10 = """
    CREATE TABLE search_pending (
        id INTEGER PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE
    );
    """

    /// The article indexes: version 1 made them, and version 2 made them again on the
    /// narrowed table. History, like the migrations: a later change is a new migration.
    static let articleIndexes = """
    CREATE INDEX articles_link ON articles(feed_id, link) WHERE link IS NOT NULL;
    CREATE INDEX articles_date ON articles(sort_date, id);
    CREATE INDEX articles_unread ON articles(sort_date, id) WHERE read = 0;
    CREATE INDEX articles_starred ON articles(sort_date, id) WHERE starred = 1;
    CREATE INDEX articles_feed_date ON articles(feed_id, sort_date, id);
    CREATE INDEX articles_feed_unread ON articles(feed_id, sort_date, id) WHERE read = 0;
    CREATE INDEX articles_prune ON articles(arrived) WHERE read = 1 AND starred = 0;
    """
}
