import CGtk4

/// The D-Bus calls behind `SettingsPortal`, with their C callbacks.
enum PortalCall {
    enum ReadResult { case value(Variant), unknownMethod, unavailable }

    private typealias CallThunk = @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, RawPointer?) -> Void

    @MainActor
    static func read(_ connection: OpaquePointer, _ namespace: String, _ key: String,
                     method: String, _ completion: @escaping @MainActor (ReadResult) -> Void) {
        let box = ClosureBox<@MainActor (OpaquePointer?, OpaquePointer) -> Void>({ result, connection in
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(connection, result, &error)
            if let error {
                let unknownMethod = error.pointee.domain == g_dbus_error_quark()
                    && error.pointee.code == G_DBUS_ERROR_UNKNOWN_METHOD.rawValue
                g_error_free(error)
                completion(unknownMethod ? .unknownMethod : .unavailable)
                return
            }
            guard let reply else { return completion(.unavailable) }
            let tuple = Variant(adopting: reply)
            guard let value = tuple.child(0) else { return completion(.unavailable) }
            completion(.value(value.unboxed))
        })
        let thunk: CallThunk = { source, result, data in
            guard let data else { return }
            let body = Unmanaged<ClosureBox<@MainActor (OpaquePointer?, OpaquePointer) -> Void>>
                .fromOpaque(data).takeRetainedValue().body
            guard let source else { return }
            MainActor.assumeIsolated { body(result, OpaquePointer(source)) }
        }
        g_dbus_connection_call(connection, SettingsPortal.busName, SettingsPortal.objectPath, SettingsPortal.interface,
                               method, lectern_variant_new_string_pair(namespace, key), nil,
                               G_DBUS_CALL_FLAGS_NONE, 2000, nil, thunk, box.retainedPointer)
    }

    private typealias SignalThunk = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                                    UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?, RawPointer?) -> Void

    @MainActor
    static func subscribe(_ connection: OpaquePointer,
                          _ handler: @escaping SettingsPortal.ChangeHandler) -> guint {
        let thunk: SignalThunk = { _, _, _, _, _, parameters, data in
            guard let parameters else { return }
            let body = ClosureBox<SettingsPortal.ChangeHandler>.from(data)
            let tuple = Variant(retaining: parameters)
            guard let namespace = tuple.child(0)?.string, let key = tuple.child(1)?.string,
                  let value = tuple.child(2)?.unboxed else { return }
            MainActor.assumeIsolated { body(namespace, key, value) }
        }
        let destroy: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        return g_dbus_connection_signal_subscribe(connection, nil, SettingsPortal.interface, "SettingChanged",
                                                  SettingsPortal.objectPath, nil, G_DBUS_SIGNAL_FLAGS_NONE,
                                                  thunk, ClosureBox(handler).retainedPointer, destroy)
    }
}

/// Gets the session bus without blocking: no bus at all costs nothing at start-up.
enum AsyncBus {
    private typealias Thunk = @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, RawPointer?) -> Void

    @MainActor
    static func session(_ completion: @escaping @MainActor (OpaquePointer?) -> Void) {
        guard g_getenv("DBUS_SESSION_BUS_ADDRESS") != nil || g_getenv("XDG_RUNTIME_DIR") != nil else {
            MainLoop.idleOnce { completion(nil) }
            return
        }
        let box = ClosureBox<@MainActor (OpaquePointer?) -> Void>(completion)
        let thunk: Thunk = { _, result, data in
            guard let data else { return }
            let body = Unmanaged<ClosureBox<@MainActor (OpaquePointer?) -> Void>>
                .fromOpaque(data).takeRetainedValue().body
            var error: UnsafeMutablePointer<GError>?
            let connection = g_bus_get_finish(result, &error)
            if let error { g_error_free(error) }
            MainActor.assumeIsolated { body(connection) }
        }
        g_bus_get(G_BUS_TYPE_SESSION, nil, thunk, box.retainedPointer)
    }
}
