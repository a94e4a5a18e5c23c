import CGtk4

/// Lectern's log lines, through GLib's logging (so `G_MESSAGES_DEBUG` and journald work).
enum Log {
    static func warning(_ text: String) { lectern_log_warning("Lectern", text) }
    static func message(_ text: String) { lectern_log_message("Lectern", text) }
}
