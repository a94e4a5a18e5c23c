import CGtk4

// GTK types with public structs import as `UnsafeMutablePointer<T>`, types with private
// structs as `OpaquePointer`. These casts are the C cast macros (`GTK_WIDGET()`, …) that
// do not import: they change the static type only, never the object.

/// Reinterprets a typed pointer as a pointer to another GObject type.
@inlinable
public func cast<T, U>(_ pointer: UnsafeMutablePointer<U>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

/// Reinterprets an opaque pointer as a pointer to a GObject type.
@inlinable
public func cast<T>(_ pointer: OpaquePointer) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

/// Reinterprets a raw pointer (a `gpointer`) as a pointer to a GObject type.
@inlinable
public func cast<T>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
    pointer.assumingMemoryBound(to: T.self)
}

/// Reinterprets a typed pointer as an opaque one, for functions taking private types.
@inlinable
public func opaque<U>(_ pointer: UnsafeMutablePointer<U>) -> OpaquePointer {
    OpaquePointer(pointer)
}

/// A Swift string from a C string GLib owns (not freed here); nil stays nil.
@inlinable
public func string(_ cString: UnsafePointer<CChar>?) -> String? {
    cString.map { String(cString: $0) }
}

/// A Swift string from a C string the caller owns and must free with `g_free`.
@inlinable
public func takeString(_ cString: UnsafeMutablePointer<CChar>?) -> String? {
    guard let cString else { return nil }
    defer { g_free(cString) }
    return String(cString: cString)
}

/// The object a GTK or GLib constructor (`gtk_*_new`, `g_menu_new`, …) returned. They
/// return NULL only when the library cannot work at all (GTK not initialised, memory
/// exhausted): a programming error, stopped here with the caller's place named instead
/// of a force-unwrap at every construction.
@inlinable
public func created<T>(_ object: T?, file: StaticString = #fileID, line: UInt = #line) -> T {
    guard let object else { preconditionFailure("a GTK constructor returned NULL at \(file):\(line)") }
    return object
}
