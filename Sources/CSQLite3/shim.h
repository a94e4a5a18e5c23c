#ifndef LECTERN_CSQLITE3_SHIM_H
#define LECTERN_CSQLITE3_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast macro that does not import into Swift. */
static inline sqlite3_destructor_type lectern_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
static inline int lectern_sqlite_bind_text(sqlite3_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}
static inline int lectern_sqlite_bind_blob(sqlite3_stmt *stmt, int index, const void *data, int length) {
    return sqlite3_bind_blob(stmt, index, data, length, SQLITE_TRANSIENT);
}
#endif
