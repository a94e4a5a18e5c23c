import CGStreamer

/// Where the sound goes. `autoaudiosink` picks the desktop's (PipeWire or PulseAudio, else
/// ALSA); with none it falls back to a sink that drops the sound in real time, so an episode
/// still plays — position, resume and the media keys behave the same — and the player says so.
enum AudioOutput {
    /// Whether `sink` (an `autoaudiosink` past READY) chose no sound device.
    static func isSilent(_ sink: UnsafeMutablePointer<GstElement>?) -> Bool {
        guard let sink, let chosen = lectern_gst_first_child(sink) else { return false }
        defer { gst_object_unref(UnsafeMutableRawPointer(chosen)) }
        guard let name = lectern_gst_factory_name(chosen) else { return false }
        return String(cString: name).hasPrefix("fake")
    }
}
