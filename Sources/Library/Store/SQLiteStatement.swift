import CSQLite3
import Foundation

/// One prepared statement: bind, step, read columns. Owned by a `SQLiteDatabase`'s
/// cache and reset after each use; never shared between connections.
final class SQLiteStatement {
    let handle: OpaquePointer
    private unowned let database: SQLiteDatabase

    init(handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    /// Clears bindings and state so the statement can run again.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds values to `?` parameters 1...n, in order.
    func bind(_ values: [SQLValue]) throws(StorageError) {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    func bind(_ value: SQLValue, at index: Int32) throws(StorageError) {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let number):
            code = sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            code = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            var copy = text
            code = copy.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    guard let base = chars.baseAddress else { return lectern_sqlite_bind_text(handle, index, "", 0) }
                    return lectern_sqlite_bind_text(handle, index, base, Int32(chars.count))
                }
            }
        }
        guard code == SQLITE_OK else { throw database.error(code) }
    }

    /// Steps once: true when a row is available, false when done.
    func step() throws(StorageError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code)
        }
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
    func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    func text(_ column: Int32) -> String? {
        withText(column) { String(decoding: $0, as: UTF8.self) }
    }

    /// The column's text as UTF-8 bytes, valid only inside `body`; nil for NULL.
    func withText<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        return body(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column))))
    }

    func date(_ column: Int32) -> Date? {
        isNull(column) ? nil : Date(timeIntervalSince1970: TimeInterval(int64(column)))
    }
}

/// A value bound to or read from SQLite.
enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    init(_ text: String?) { self = text.map { .text($0) } ?? .null }
    init(_ number: Int64?) { self = number.map { .integer($0) } ?? .null }
    init(_ number: Int?) { self = number.map { .integer(Int64($0)) } ?? .null }
    init(_ flag: Bool) { self = .integer(flag ? 1 : 0) }
    /// Dates are stored as UTC seconds since 1970.
    init(_ date: Date?) { self = date.map { .integer(Int64($0.timeIntervalSince1970.rounded(.down))) } ?? .null }

    /// Ids as a JSON array, for `json_each(?)`: a list of any length in one parameter.
    static func jsonArray(_ ids: some Collection<Int64>) -> SQLValue {
        .text("[" + ids.map(String.init).joined(separator: ",") + "]")
    }

    /// Texts as a JSON array, for `json_each(?)`. Written by hand: a sync passes hundreds of
    /// thousands of ids this way, and JSONSerialization took a tenth of a no-change sync.
    static func jsonArray(_ texts: some Collection<String>) -> SQLValue {
        var json = [UInt8]()
        json.reserveCapacity(texts.reduce(2) { $0 + $1.utf8.count + 3 })
        json.append(UInt8(ascii: "["))
        for (index, text) in texts.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    json += [UInt8(ascii: "\\"), byte]
                case 0..<0x20:
                    json += Array(String(format: "\\u%04x", Int(byte)).utf8)
                default:
                    json.append(byte)
                }
            }
            json.append(UInt8(ascii: "\""))
        }
        json.append(UInt8(ascii: "]"))
        return .text(String(decoding: json, as: UTF8.self))
    }
}
