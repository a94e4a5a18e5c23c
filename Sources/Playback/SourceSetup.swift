import CGStreamer

/// How a remote episode is asked for: with Lectern's User-Agent, and given up on after a
/// stall (`souphttpsrc`'s `timeout`) and one more try, so a server that stops answering ends
/// in a message.
enum SourceSetup {
    private final class Settings {
        let userAgent: String
        let stallTimeout: UInt32
        init(userAgent: String, stallTimeout: UInt32) { (self.userAgent, self.stallTimeout) = (userAgent, stallTimeout) }
    }

    /// Sets up every source `playbin` makes.
    static func connect(_ playbin: UnsafeMutablePointer<GstElement>, userAgent: String, stallTimeout: UInt32) {
        let handler: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, source, data in
            guard let source, let data else { return }
            let settings = Unmanaged<Settings>.fromOpaque(data).takeUnretainedValue()
            if lectern_gst_has_property(source, "user-agent") != 0 { lectern_gst_set_string(source, "user-agent", settings.userAgent) }
            if lectern_gst_has_property(source, "timeout") != 0 { lectern_gst_set_uint(source, "timeout", settings.stallTimeout) }
            if lectern_gst_has_property(source, "retries") != 0 { lectern_gst_set_int(source, "retries", 1) }
        }
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<Settings>.fromOpaque(data).release()
        }
        let settings = Unmanaged.passRetained(Settings(userAgent: userAgent, stallTimeout: stallTimeout)).toOpaque()
        g_signal_connect_data(playbin, "source-setup", unsafeBitCast(handler, to: GCallback.self), settings, release, GConnectFlags(rawValue: 0))
    }
}
