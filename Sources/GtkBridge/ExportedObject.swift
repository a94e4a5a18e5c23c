import CGtk4

/// An object Lectern serves on a D-Bus connection: the interfaces its introspection XML
/// describes, whose method calls reach a Swift handler on the main thread, and, where given,
/// properties read and written through Swift closures. The handler answers through the
/// `MethodCall` it is given, at once or later (after work off the main thread); GLib answers
/// calls to unknown methods and with wrong argument types itself, and `Properties.GetAll`
/// from the getter. Unregistered when released.
@MainActor
public final class ExportedObject {
    public typealias Handler = @MainActor (MethodCall) -> Void
    /// A property's value as a new floating variant (interface, name), or nil for none.
    public typealias Getter = @MainActor (String, String) -> OpaquePointer?
    /// Sets a property (interface, name, value); false refuses it.
    public typealias Setter = @MainActor (String, String, Variant) -> Bool

    private final class Callbacks {
        let handler: Handler
        let getter: Getter?
        let setter: Setter?
        init(_ handler: @escaping Handler, _ getter: Getter?, _ setter: Setter?) {
            (self.handler, self.getter, self.setter) = (handler, getter, setter)
        }
    }

    private let connection: OpaquePointer
    private let node: UnsafeMutablePointer<GDBusNodeInfo>
    private let path: String
    private var registrations: [guint] = []

    /// Registers every interface in `introspection` at `path`: method calls go to `handler`,
    /// property reads to `getter` and writes to `setter`.
    public init(connection: OpaquePointer, path: String, introspection: String, handler: @escaping Handler,
                getter: Getter? = nil, setter: Setter? = nil) throws(BridgeError) {
        guard let node = try withGError({ g_dbus_node_info_new_for_xml(introspection, $0) }) else {
            throw .glib(domain: "lectern", code: 0, message: "no introspection for \(path)")
        }
        guard let interfaces = node.pointee.interfaces, interfaces.pointee != nil else {
            g_dbus_node_info_unref(node)
            throw .glib(domain: "lectern", code: 0, message: "the introspection of \(path) names no interface")
        }
        (self.connection, self.node, self.path) = (connection, node, path)
        g_object_ref(UnsafeMutableRawPointer(connection))
        var table = GDBusInterfaceVTable()
        table.method_call = { _, _, _, interface, method, parameters, invocation, data in
            guard let invocation, let parameters, let data else { return }
            let callbacks = Unmanaged<Callbacks>.fromOpaque(data).takeUnretainedValue()
            let call = MethodCall(invocation: invocation, interface: string(interface) ?? "", method: string(method) ?? "",
                                  parameters: Variant(retaining: parameters))
            MainActor.assumeIsolated { callbacks.handler(call) }
        }
        table.get_property = { _, _, _, interface, name, _, data in
            guard let data else { return nil }
            let callbacks = Unmanaged<Callbacks>.fromOpaque(data).takeUnretainedValue()
            nonisolated(unsafe) var value: OpaquePointer?
            MainActor.assumeIsolated { value = callbacks.getter?(string(interface) ?? "", string(name) ?? "") }
            return value
        }
        table.set_property = { _, _, _, interface, name, value, error, data in
            guard let data, let value else { return 0 }
            let callbacks = Unmanaged<Callbacks>.fromOpaque(data).takeUnretainedValue()
            let done = MainActor.assumeIsolated {
                callbacks.setter?(string(interface) ?? "", string(name) ?? "", Variant(retaining: value)) ?? false
            }
            if !done { g_set_error_literal(error, g_dbus_error_quark(), Int32(G_DBUS_ERROR_PROPERTY_READ_ONLY.rawValue), "refused") }
            return done ? 1 : 0
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<Callbacks>.fromOpaque(data).release()
        }
        let callbacks = Callbacks(handler, getter, setter)
        var index = 0
        while let interface = interfaces[index] {
            let box = Unmanaged.passRetained(callbacks).toOpaque()
            do {
                // GLib copies the table; the box is released by `release` when unregistered.
                registrations.append(try withGError { g_dbus_connection_register_object(connection, path, interface, &table, box, release, $0) })
            } catch {
                Unmanaged<Callbacks>.fromOpaque(box).release()
                unregister()
                throw error
            }
            index += 1
        }
    }

    isolated deinit { unregister() }

    private func unregister() {
        registrations.forEach { g_dbus_connection_unregister_object(connection, $0) }
        registrations = []
        g_dbus_node_info_unref(node)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Emits `org.freedesktop.DBus.Properties.PropertiesChanged` for `interface` with the new
    /// values (floating variants).
    public func propertiesChanged(_ interface: String, _ changed: [(key: String, value: OpaquePointer)]) {
        emit("org.freedesktop.DBus.Properties", "PropertiesChanged",
             Variant.tuple([Variant.string(interface), Variant.dictionary(changed), Variant.strings([])]))
    }

    /// Emits the signal `name` of `interface` with `parameters` (a floating tuple).
    public func emit(_ interface: String, _ name: String, _ parameters: OpaquePointer) {
        g_dbus_connection_emit_signal(connection, nil, path, interface, name, parameters, nil)
    }
}

/// One call to an `ExportedObject`: its method and arguments, answered exactly once
/// with `reply` or `fail` (a call dropped unanswered leaves the caller waiting for its timeout).
public final class MethodCall: @unchecked Sendable {
    private var invocation: OpaquePointer?
    public let interface: String
    public let method: String
    public let parameters: Variant

    init(invocation: OpaquePointer, interface: String, method: String, parameters: Variant) {
        self.invocation = invocation
        self.interface = interface
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
