import CGtk4

/// Errors that cross from GLib into Swift.
public enum BridgeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `GError`: its domain (quark name), code and message.
    case glib(domain: String, code: Int32, message: String)

    /// Wraps a `GError` and frees it. Every `GError` GLib hands us goes through here once.
    public init(consuming error: UnsafeMutablePointer<GError>) {
        let domain = string(g_quark_to_string(error.pointee.domain)) ?? "unknown"
        let message = string(error.pointee.message) ?? ""
        self = .glib(domain: domain, code: error.pointee.code, message: message)
        g_error_free(error)
    }

    public var message: String {
        switch self { case .glib(_, _, let message): message }
    }

    /// The message cut to 160 characters: GLib quotes what it could not read (a keyfile's
    /// whole line or value), which a hostile file makes as long as it likes.
    public var briefMessage: String {
        message.count > 160 ? message.prefix(160) + "…" : message
    }

    public var description: String {
        switch self { case .glib(let domain, let code, let message): "\(message) (\(domain) \(code))" }
    }
}

/// Calls a GLib function that reports failure through a `GError **` and turns the error
/// into a thrown `BridgeError` (freeing it).
///
///     let ok = try withGError { g_file_set_contents(path, text, -1, $0) }
@discardableResult
public func withGError<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) throws(BridgeError) -> T {
    var error: UnsafeMutablePointer<GError>?
    let result = body(&error)
    if let error { throw BridgeError(consuming: error) }
    return result
}
