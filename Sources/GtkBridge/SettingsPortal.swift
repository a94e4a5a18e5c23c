import CGtk4

/// The XDG desktop portal's Settings interface (`org.freedesktop.portal.Settings`), read
/// asynchronously: start-up never waits on D-Bus. `ReadOne` is tried first and `Read`
/// only when the portal does not know the method; a missing portal or bus is reported
/// as `nil` (no preference).
@MainActor
public final class SettingsPortal {
    public typealias ChangeHandler = @MainActor (_ namespace: String, _ key: String, _ value: Variant) -> Void

    private var connection: OpaquePointer?
    private var pending: [@MainActor (OpaquePointer?) -> Void] = []
    private var connecting = false
    private var subscription: guint = 0

    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"

    public init() {}

    isolated deinit {
        if let connection {
            if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
    }

    /// Reads one setting; `completion` gets the value, or nil when there is no portal,
    /// no bus or no such setting.
    public func read(_ namespace: String, _ key: String, completion: @escaping @MainActor (Variant?) -> Void) {
        withConnection { connection in
            guard let connection else { return completion(nil) }
            PortalCall.read(connection, namespace, key, method: "ReadOne") { result in
                switch result {
                case .value(let value): completion(value)
                case .unknownMethod:
                    PortalCall.read(connection, namespace, key, method: "Read") { fallback in
                        if case .value(let value) = fallback { completion(value) } else { completion(nil) }
                    }
                case .unavailable: completion(nil)
                }
            }
        }
    }

    /// Calls `handler` for every `SettingChanged` signal the portal emits.
    public func onChange(_ handler: @escaping ChangeHandler) {
        withConnection { [weak self] connection in
            guard let self, let connection, subscription == 0 else { return }
            subscription = PortalCall.subscribe(connection, handler)
        }
    }

    private func withConnection(_ body: @escaping @MainActor (OpaquePointer?) -> Void) {
        if let connection { return body(connection) }
        pending.append(body)
        guard !connecting else { return }
        connecting = true
        AsyncBus.session { [weak self] connection in
            guard let self else { return }
            self.connection = connection
            let waiting = pending
            pending = []
            waiting.forEach { $0(connection) }
        }
    }
}
