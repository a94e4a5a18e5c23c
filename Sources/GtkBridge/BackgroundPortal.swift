import CGtk4
import Foundation

/// The XDG desktop portal's Background interface: a sandboxed app asks it to keep running
/// without a window and to be started at login. Outside a sandbox the app writes its own
/// autostart entry instead (GTK uses portals there too only when `GDK_DEBUG=portals` says so).
public enum BackgroundPortal {
    /// True inside Flatpak or Snap, or when `GDK_DEBUG` asks for portals.
    public static var isSandboxed: Bool {
        let environment = ProcessInfo.processInfo.environment
        return FileManager.default.fileExists(atPath: "/.flatpak-info") || environment["SNAP"] != nil
            || (environment["GDK_DEBUG"] ?? "").split(separator: ",").contains("portals")
    }

    /// Asks to run in the background, started at login with `--background` when `autostart`.
    /// The answer comes later and only says whether the user allowed it; the reason when the
    /// portal cannot be asked at all.
    @MainActor
    public static func request(autostart: Bool, reason: String = "Keeps your feeds refreshed and tells you about new articles") -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            defer { if let error { g_error_free(error) } }
            return "The Background portal cannot be asked: " + (error.map { String(cString: $0.pointee.message) } ?? "no session bus")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        let commandline: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("lectern")), UnsafePointer(strdup("--background")), nil]
        defer { commandline.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        let parameters = commandline.withUnsafeBufferPointer { lectern_background_request(reason, autostart ? 1 : 0, $0.baseAddress) }
        g_dbus_connection_call(connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                               "org.freedesktop.portal.Background", "RequestBackground", parameters, nil,
                               G_DBUS_CALL_FLAGS_NONE, -1, nil, nil, nil)
        return nil
    }
}
