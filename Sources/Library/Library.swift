// Library: subscriptions and articles in SQLite (issue 4). GTK-free.
import CSQLite3

/// The SQLite version linked at run time, e.g. "3.40.1".
public var sqliteVersion: String { String(cString: sqlite3_libversion()) }
