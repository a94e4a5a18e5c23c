import CGtk4

/// The one owning wrapper for a GObject: it holds exactly one strong reference and
/// drops it in `deinit`.
///
/// - `Object(adopting:)` takes over a reference the caller already owns — what a
///   `*_new()` function returns. A floating reference (fresh widgets) is sunk, so the
///   wrapper still holds exactly one.
/// - `Object(retaining:)` is for a borrowed pointer (a getter's result, a signal
///   argument): it adds a reference of its own.
@MainActor
open class Object {
    /// The wrapped object. Valid for as long as this wrapper lives.
    nonisolated(unsafe) public let pointer: UnsafeMutablePointer<GObject>

    public init<T>(adopting object: UnsafeMutablePointer<T>) {
        pointer = cast(object)
        if g_object_is_floating(pointer) != 0 { g_object_ref_sink(pointer) }
    }

    public init<T>(retaining object: UnsafeMutablePointer<T>) {
        pointer = cast(object)
        g_object_ref_sink(pointer)
    }

    public convenience init(adopting object: OpaquePointer) {
        self.init(adopting: cast(object) as UnsafeMutablePointer<GObject>)
    }

    public convenience init(retaining object: OpaquePointer) {
        self.init(retaining: cast(object) as UnsafeMutablePointer<GObject>)
    }

    isolated deinit {
        g_object_unref(pointer)
    }

    /// The object as another C type, e.g. `window.as(GtkWindow.self)`.
    public func `as`<T>(_: T.Type) -> UnsafeMutablePointer<T> { cast(pointer) }

    /// The object as an opaque pointer, for C types with private structs.
    public var opaquePointer: OpaquePointer { OpaquePointer(pointer) }

    /// The GObject reference count (for tests and leak hunting).
    public var referenceCount: UInt32 { pointer.pointee.ref_count }
}

