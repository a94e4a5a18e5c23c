import CGtk4

/// An object Lectern serves on a D-Bus connection: one interface, described by its
/// introspection XML, whose method calls reach a Swift handler on the main thread. The
/// handler answers through the `MethodCall` it is given, at once or later (after work off
/// the main thread); GLib answers calls to unknown methods and with wrong argument types
/// itself. Unregistered when released.
@MainActor
public final class ExportedObject {
    public typealias Handler = @MainActor (MethodCall) -> Void

    private let connection: OpaquePointer
    private let node: UnsafeMutablePointer<GDBusNodeInfo>
    private let registration: guint

    /// Registers `handler` for the interface in `introspection` at `path`.
    public init(connection: OpaquePointer, path: String, introspection: String, handler: @escaping Handler) throws(BridgeError) {
        guard let node = try withGError({ g_dbus_node_info_new_for_xml(introspection, $0) }) else {
            throw .glib(domain: "lectern", code: 0, message: "no introspection for \(path)")
        }
        guard let interface = node.pointee.interfaces?.pointee else {
            g_dbus_node_info_unref(node)
            throw .glib(domain: "lectern", code: 0, message: "the introspection of \(path) names no interface")
        }
        let thunk: GDBusInterfaceMethodCallFunc = { _, _, _, _, method, parameters, invocation, data in
            guard let invocation, let parameters else { return }
            let body = ClosureBox<Handler>.from(data)
            let call = MethodCall(invocation: invocation, method: string(method) ?? "", parameters: Variant(retaining: parameters))
            MainActor.assumeIsolated { body(call) }
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        var table = GDBusInterfaceVTable()
        table.method_call = thunk
        let box = ClosureBox<Handler>(handler).retainedPointer
        do {
            // GLib copies the table; the box is released by `release` when unregistered.
            registration = try withGError { g_dbus_connection_register_object(connection, path, interface, &table, box, release, $0) }
        } catch {
            Unmanaged<AnyObject>.fromOpaque(box).release()
            g_dbus_node_info_unref(node)
            throw error
        }
        self.connection = connection
        self.node = node
        g_object_ref(UnsafeMutableRawPointer(connection))
    }

    isolated deinit {
        g_dbus_connection_unregister_object(connection, registration)
        g_dbus_node_info_unref(node)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }
}

/// One call to an `ExportedObject`: its method and arguments, answered exactly once
/// with `reply` or `fail` (a call dropped unanswered leaves the caller waiting for its timeout).
public final class MethodCall: @unchecked Sendable {
    private var invocation: OpaquePointer?
    public let method: String
    public let parameters: Variant

    init(invocation: OpaquePointer, method: String, parameters: Variant) {
        self.invocation = invocation
        self.method = method
        self.parameters = parameters
    }

    /// Answers with `values` as the reply's tuple (floating values, as Variant's builders make them).
    @MainActor
    public func reply(_ values: [OpaquePointer]) {
        guard let invocation else { return }
        self.invocation = nil
        g_dbus_method_invocation_return_value(invocation, Variant.tuple(values))
    }

    /// Answers with the D-Bus error `name` (e.g. `org.freedesktop.DBus.Error.Failed`).
    @MainActor
    public func fail(_ name: String, _ message: String) {
        guard let invocation else { return }
        self.invocation = nil
        g_dbus_method_invocation_return_dbus_error(invocation, name, message)
    }
}

/// A well-known name owned on a connection while this value lives.
@MainActor
public final class OwnedBusName {
    private let owner: guint

    /// Asks the bus for `name` (queued behind another owner, never replacing it). A call to
    /// the name reaches this connection's objects once the bus grants it.
    public init(_ name: String, on connection: OpaquePointer) {
        owner = g_bus_own_name_on_connection(connection, name, G_BUS_NAME_OWNER_FLAGS_NONE, nil, nil, nil, nil)
    }

    isolated deinit { g_bus_unown_name(owner) }
}
