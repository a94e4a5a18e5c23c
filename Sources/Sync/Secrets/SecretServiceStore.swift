import CLibSecret
import Foundation
import Library
import Localization

/// Account passwords in the desktop's Secret Service (GNOME Keyring, KeePassXC…) through
/// libsecret, under the schema `dev.lectern.Lectern.Account` (kind, server, user). The calls
/// block on D-Bus: make them off the main thread.
public struct SecretServiceStore: SecretStore {
    public init() {}

    public func store(password: String, for key: SecretKey) throws(SyncError) {
        var error: UnsafeMutablePointer<GError>?
        // Translators: the password's name in the keyring, e.g. "Lectern: alice on example.org".
        let label = tr("Lectern: {user} on {server}", ["user": key.user, "server": Account.host(of: key.server)])
        let stored = lectern_secret_store(key.kind.rawValue, key.server, key.user, label, password, &error)
        if let failure = Self.failure(error) { throw failure }
        if stored == 0 { throw .secretServiceFailed(reason: tr("it said no without a reason")) }
    }

    public func password(for key: SecretKey) throws(SyncError) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let found = lectern_secret_lookup(key.kind.rawValue, key.server, key.user, &error)
        if let failure = Self.failure(error) { throw failure }
        guard let found else { return nil }
        defer { secret_password_free(found) }
        return String(cString: found)
    }

    public func remove(for key: SecretKey) throws(SyncError) {
        var error: UnsafeMutablePointer<GError>?
        _ = lectern_secret_clear(key.kind.rawValue, key.server, key.user, &error)
        if let failure = Self.failure(error) { throw failure }
    }

    /// The error libsecret reported (freed here), as a `SyncError`: a missing service is told
    /// apart from a service that refused.
    private static func failure(_ error: UnsafeMutablePointer<GError>?) -> SyncError? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        let message = String(cString: error.pointee.message)
        let missing = ["org.freedesktop.secrets", "ServiceUnknown", "Cannot autolaunch", "Could not connect",
                       "DBUS_SESSION_BUS_ADDRESS", "not provided by any .service files"]
        if missing.contains(where: { message.contains($0) }) {
            return .noSecretService(reason: message)
        }
        return .secretServiceFailed(reason: message)
    }
}
