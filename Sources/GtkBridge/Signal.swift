import CGtk4

/// A live signal handler. Keep it to disconnect later; dropping it leaves the handler
/// connected for the object's lifetime (the usual GObject pattern).
///
/// The connection holds only a weak reference to the object, so disconnecting after the
/// object is gone is safe and does nothing.
@MainActor
public final class SignalConnection {
    public let handlerID: gulong
    private let weakObject: UnsafeMutablePointer<GWeakRef>

    init(instance: UnsafeMutableRawPointer, handlerID: gulong) {
        self.handlerID = handlerID
        weakObject = .allocate(capacity: 1)
        g_weak_ref_init(weakObject, instance)
    }

    isolated deinit {
        g_weak_ref_clear(weakObject)
        weakObject.deallocate()
    }

    /// True while the object lives and the handler is attached.
    public var isConnected: Bool {
        guard let object = g_weak_ref_get(weakObject) else { return false }
        defer { g_object_unref(object) }
        return g_signal_handler_is_connected(object, handlerID) != 0
    }

    /// Detaches the handler; its closure is released by GLib's destroy notify.
    public func disconnect() {
        guard let object = g_weak_ref_get(weakObject) else { return }
        defer { g_object_unref(object) }
        if g_signal_handler_is_connected(object, handlerID) != 0 {
            g_signal_handler_disconnect(object, handlerID)
        }
    }
}

/// Holds a Swift closure for the lifetime of a C registration: passed retained as user
/// data, released exactly once by the registration's destroy notify.
final class ClosureBox<Body>: @unchecked Sendable {
    let body: Body
    init(_ body: Body) { self.body = body }

    var retainedPointer: UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> Body {
        // User data is always a box we created; a nil here is a GLib contract breach.
        Unmanaged<ClosureBox<Body>>.fromOpaque(pointer!).takeUnretainedValue().body
    }
}

/// GLib's destroy notify for a `ClosureBox`: releases the one retain taken at connect.
let releaseClosureBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Connects a C thunk whose user data is a retained closure box.
@MainActor
func connectThunk(_ instance: UnsafeMutableRawPointer, _ signal: String,
                  _ thunk: UnsafeRawPointer, _ box: UnsafeMutableRawPointer,
                  flags: GConnectFlags = GConnectFlags(rawValue: 0)) -> SignalConnection {
    let callback = unsafeBitCast(thunk, to: GCallback.self)
    let id = g_signal_connect_data(instance, signal, callback, box, releaseClosureBox, flags)
    if id == 0 {
        // Unknown signal: GLib logged a critical and will never call the notify.
        Unmanaged<AnyObject>.fromOpaque(box).release()
    }
    return SignalConnection(instance: instance, handlerID: id)
}
