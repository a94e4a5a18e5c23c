import CGtk4
import Foundation

/// Activating an action of an application already running on the session bus, without
/// registering this process as an application (which would make it the primary instance
/// when none runs, and start it).
public enum RemoteAction {
    /// Activates `action` (no parameter) of the application `applicationID` when one runs on
    /// the session bus; true when it was delivered. Never starts it; waits at most two seconds.
    @discardableResult
    public static func activate(_ action: String, applicationID: String) -> Bool {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil else { return false }
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }   // g_bus_get_sync gives a reference
        let path = "/" + applicationID.replacingOccurrences(of: ".", with: "/")
        let reply = g_dbus_connection_call_sync(bus, applicationID, path, "org.gtk.Actions",
                                                "Activate", lectern_variant_new_action_activation(action), nil,
                                                G_DBUS_CALL_FLAGS_NO_AUTO_START, 2000, nil, &error)
        if let error {
            g_error_free(error)
            return false
        }
        if let reply { g_variant_unref(reply) }
        return true
    }
}
