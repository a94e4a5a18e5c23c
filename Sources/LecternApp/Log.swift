import CGtk4

/// Lectern's log lines, through GLib's logging (so `G_MESSAGES_DEBUG` and journald work).
enum Log {
    static func warning(_ text: String) { lectern_log_warning("Lectern", text) }
    static func message(_ text: String) { lectern_log_message("Lectern", text) }
    /// Seen with G_MESSAGES_DEBUG=Lectern (or all): what is worth knowing only when looking.
    static func debug(_ text: String) { lectern_log_debug("Lectern", text) }
}
