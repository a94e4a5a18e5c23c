import CGStreamer
import Localization
import Foundation

/// One episode played at a time, through GStreamer's `playbin` (docs/podcasts.md says why
/// GStreamer and not GTK's media stream: speed with the pitch kept, and a sink of our choice).
/// Lives on the main thread: GStreamer's bus is watched from the default GLib main context,
/// which the application's loop (or a test's) runs, so every change reaches `onChange` there.
///
/// While playing, the position is read four times a second and `onChange` told; paused,
/// stopped or failed, nothing of Lectern's wakes up.
@MainActor
public final class MediaPlayer {
    public enum State: Equatable, Sendable {
        /// Nothing opened.
        case idle
        /// Opening, buffering, or seeking before the first sound.
        case loading
        case playing
        case paused
        /// Played to its end.
        case ended
        case failed(PlaybackError)
    }

    /// Bytes of a remote episode kept around the place being played (8 MB: nine minutes at 128 kbit/s). With a ring buffer the
    /// demuxer reads the stream as a file: an Ogg episode over HTTP knows its length and seeks
    /// at once (without one, it could not seek until read to its end). Older bytes are dropped
    /// and fetched again (a Range request) when a seek goes back to them, so memory stays flat
    /// through an episode of any length.
    static let ringBuffer: guint64 = 8 << 20

    /// The speeds offered; the pitch is kept at each.
    public static let rates: [Double] = [0.75, 1, 1.25, 1.5, 1.75, 2]

    public private(set) var state: State = .idle
    /// The address opened (a file or an http(s) URL).
    public private(set) var url: URL?
    /// The length in seconds, once known (nil for a stream without end).
    public private(set) var duration: Double?
    public private(set) var rate: Double = 1
    /// The volume, 0…1.
    public private(set) var volume: Double = 1
    /// True once a pipeline found no sound device and plays to a silent sink (a test machine,
    /// a server): position, resume and the rest behave the same.
    public private(set) var noSoundDevice = false
    /// Whether playing was asked for (while loading or buffering, the episode is on its way to it).
    public var isPlayRequested: Bool { wantsPlaying }
    /// The size of the video's pictures, once the first has come (nil for a sound-only episode).
    public private(set) var videoSize: (width: Int, height: Int)?
    /// What the episode holds that no installed decoder plays, while the rest plays ("H.265
    /// video" of a video whose sound plays on).
    public private(set) var unplayablePart: String?
    /// Told on every change of state and, while playing, on every position tick.
    public var onChange: (@MainActor () -> Void)?
    /// Told of each picture of a video, on the main loop (only the newest: frames the loop had no
    /// time for are dropped).
    public var onFrame: (@MainActor (VideoFrame) -> Void)?

    /// Where the sound goes.
    public enum Output: Sendable {
        /// The desktop's sound device (a silent sink in real time where there is none).
        case device
        /// Nowhere, as fast as it decodes: `make bench`'s hour-long episode in seconds.
        case discard
    }

    private let userAgent: String
    private let stallTimeout: UInt32
    private let output: Output
    private var pipeline: UnsafeMutablePointer<GstElement>?
    private var audioSink: UnsafeMutablePointer<GstElement>?
    private var video: VideoFrames?
    private var watch: guint = 0
    private var ticker: guint = 0
    /// The position to go to once the pipeline can seek (a resumed episode, a seek while opening).
    private var pendingSeek: Double?
    /// What the user asked for: playing or not (buffering may hold the pipeline paused meanwhile).
    private var wantsPlaying = false
    private var prerolled = false
    private var buffering = false
    private var lastPosition: Double = 0

    /// `userAgent` is sent with every request for a remote episode; a server that sends nothing
    /// for `stallTimeout` seconds ends the episode with a message.
    public init(userAgent: String, stallTimeout: UInt32 = 20, output: Output = .device) {
        (self.userAgent, self.stallTimeout, self.output) = (userAgent, stallTimeout, output)
        MediaPlayer.initializeGStreamer()
    }

    isolated deinit { close() }

    /// Where the episode is, in seconds.
    public var position: Double {
        if let pendingSeek { return pendingSeek }
        guard let pipeline, prerolled, state != .ended else { return lastPosition }
        var nanoseconds: gint64 = 0
        if gst_element_query_position(pipeline, GST_FORMAT_TIME, &nanoseconds) != 0, nanoseconds >= 0 {
            lastPosition = Double(nanoseconds) / 1e9
        }
        return lastPosition
    }

    /// Opens `url` at `start` seconds, playing at once when `play` (else paused there).
    /// `expectedDuration` (what the feed says) stands for the length until GStreamer knows it.
    public func open(_ url: URL, at start: Double = 0, play: Bool = true, expectedDuration: Double? = nil) {
        close()
        self.url = url
        (duration, lastPosition, prerolled, buffering, noSoundDevice, missing) = (nil, max(0, start), false, false, false, nil)
        (videoSize, unplayablePart) = (nil, nil)
        seekRetry = nil
        duration = expectedDuration.flatMap { $0 > 0 ? $0 : nil }
        pendingSeek = start > 0 ? start : nil
        wantsPlaying = play
        guard let playbin = gst_element_factory_make("playbin", "lectern-player") else {
            return change(to: .failed(.noPlayer))
        }
        pipeline = playbin
        lectern_gst_set_string(playbin, "uri", url.absoluteString)
        // Audio, video (not for `make bench`'s discarding output), software volume, and the filter
        // (scaletempo) always in: GST_PLAY_FLAG_VIDEO | AUDIO | SOFT_VOLUME | FORCE_FILTERS.
        if output == .device {
            video = VideoFrames { [unowned self] frame in
                if videoSize?.width != frame.width || videoSize?.height != frame.height {
                    videoSize = (frame.width, frame.height)
                    onChange?()
                }
                onFrame?(frame)
            }
        }
        let videoFlag: guint = video?.sink == nil ? 0 : 0x1
        lectern_gst_set_uint(playbin, "flags", videoFlag | 0x2 | 0x10 | 0x800)
        if let sink = video?.sink { lectern_gst_set_element(playbin, "video-sink", sink) }
        lectern_gst_set_uint64(playbin, "ring-buffer-max-size", Self.ringBuffer)
        if let tempo = gst_element_factory_make("scaletempo", nil) {
            lectern_gst_set_element(playbin, "audio-filter", tempo)
        }
        if output == .discard, let sink = gst_element_factory_make("fakesink", nil) {
            lectern_gst_set_bool(sink, "sync", 0)
            lectern_gst_set_element(playbin, "audio-sink", sink)
        } else if let sink = gst_element_factory_make("autoaudiosink", nil) {
            audioSink = UnsafeMutablePointer(OpaquePointer(gst_object_ref(UnsafeMutableRawPointer(sink))))
            lectern_gst_set_element(playbin, "audio-sink", sink)
        }
        lectern_gst_set_double(playbin, "volume", volume)
        SourceSetup.connect(playbin, userAgent: userAgent, stallTimeout: stallTimeout)
        if let bus = gst_element_get_bus(playbin) {
            watch = gst_bus_add_watch(bus, { _, message, data in
                guard let message, let data else { return 1 }
                let player = Unmanaged<MediaPlayer>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { player.handle(message) }
                return 1
            }, Unmanaged.passUnretained(self).toOpaque())
            gst_object_unref(UnsafeMutableRawPointer(bus))
        }
        change(to: .loading)
        if gst_element_set_state(playbin, GST_STATE_PAUSED) == GST_STATE_CHANGE_FAILURE {
            // The reason is on the bus already (a missing file): read it now.
            if let bus = gst_element_get_bus(playbin) {
                while state == .loading, let message = gst_bus_pop(bus) {
                    handle(message)
                    gst_message_unref(message)
                }
                gst_object_unref(UnsafeMutableRawPointer(bus))
            }
            if state == .loading { fail(.other(tr("the player could not start"))) }
        }
    }

    public func play() {
        guard pipeline != nil, !isFailed else { return }
        wantsPlaying = true
        if state == .ended { seek(to: 0) }
        if prerolled, !buffering, pendingSeek == nil { setPipeline(GST_STATE_PLAYING) }
    }

    public func pause() {
        guard pipeline != nil, !isFailed else { return }
        wantsPlaying = false
        if prerolled { setPipeline(GST_STATE_PAUSED) }
        if state == .playing || state == .loading && prerolled { change(to: .paused) }
    }

    public func togglePlaying() {
        wantsPlaying && state != .ended ? pause() : play()
    }

    /// Goes to `seconds` (kept within the episode).
    public func seek(to seconds: Double) {
        guard pipeline != nil, !isFailed else { return }
        seekRetry = nil
        let target = max(0, duration.map { min(seconds, $0) } ?? seconds)
        lastPosition = target
        if state == .ended { change(to: wantsPlaying ? .loading : .paused) }
        guard prerolled else { pendingSeek = target; return onChange?() ?? () }
        pendingSeek = target
        if !startSeek(to: target) {
            // Some streams cannot seek yet (an Ogg file over HTTP until its length is found): tried
            // again on the next ticks; one that never can plays on where it is.
            pendingSeek = nil
            seekRetry = (target, 8)
            settle()
        }
        onChange?()
    }

    private func startSeek(to target: Double) -> Bool {
        guard let pipeline else { return false }
        let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        return gst_element_seek(pipeline, rate, GST_FORMAT_TIME, flags, GST_SEEK_TYPE_SET, gint64(target * 1e9),
                                GST_SEEK_TYPE_NONE, -1) != 0
    }

    /// A seek the stream refused, tried again while playing (the target, tries left).
    private var seekRetry: (target: Double, tries: Int)?

    private func retrySeek() {
        guard let retry = seekRetry else { return }
        seekRetry = retry.tries > 1 ? (retry.target, retry.tries - 1) : nil
        if startSeek(to: retry.target) {
            seekRetry = nil
            pendingSeek = retry.target
            lastPosition = retry.target
        }
    }

    /// Moves by `seconds` (negative: back).
    public func skip(by seconds: Double) {
        seek(to: position + seconds)
    }

    /// Plays at `rate` times the speed (0.5…2), the pitch kept.
    public func setRate(_ rate: Double) {
        let rate = min(2, max(0.5, rate))
        guard rate != self.rate else { return }
        self.rate = rate
        if prerolled, !isFailed, state != .ended { seek(to: position) } else { onChange?() }
    }

    public func setVolume(_ volume: Double) {
        self.volume = min(1, max(0, volume))
        if let pipeline { lectern_gst_set_double(pipeline, "volume", self.volume) }
        onChange?()
    }

    /// Stops and lets go of the episode.
    public func close() {
        stopTicking()
        if watch != 0 { g_source_remove(watch); watch = 0 }
        if let pipeline {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(UnsafeMutableRawPointer(pipeline))
        }
        if let audioSink { gst_object_unref(UnsafeMutableRawPointer(audioSink)) }
        video?.release()
        (pipeline, audioSink, video, url, pendingSeek, wantsPlaying) = (nil, nil, nil, nil, nil, false)
        (videoSize, unplayablePart) = (nil, nil)
        if state != .idle { change(to: .idle) }
    }

    // MARK: - The bus

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        switch lectern_gst_message_type(message) {
        case GST_MESSAGE_ERROR:
            var error: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<gchar>?
            gst_message_parse_error(message, &error, &debug)
            defer { g_clear_error(&error); g_free(debug) }
            fail(PlaybackError(error?.pointee, fromSource: lectern_gst_message_from_source(message) != 0, missing: missing))
        case GST_MESSAGE_ELEMENT:
            if gst_is_missing_plugin_message(message) != 0 { missing = MissingDecoder(message) }
        case GST_MESSAGE_EOS:
            lastPosition = duration ?? position
            wantsPlaying = false
            change(to: .ended)
        case GST_MESSAGE_ASYNC_DONE:
            asyncDone()
        case GST_MESSAGE_STATE_CHANGED:
            guard isPipeline(message) else { return }
            var old = GST_STATE_NULL, new = GST_STATE_NULL, pending = GST_STATE_NULL
            gst_message_parse_state_changed(message, &old, &new, &pending)
            if new == GST_STATE_PLAYING, wantsPlaying { change(to: .playing) }
        case GST_MESSAGE_DURATION_CHANGED:
            readDuration()
            onChange?()
        case GST_MESSAGE_BUFFERING:
            var percent: gint = 0
            gst_message_parse_buffering(message, &percent)
            bufferingChanged(percent: Int(percent))
        default:
            break
        }
    }

    /// The decoder GStreamer lacked, from the message it sends before its error.
    private var missing: MissingDecoder?

    /// The pipeline prerolled (first time) or finished a seek: seek where wanted, then play or rest.
    private func asyncDone() {
        guard pipeline != nil, !isFailed else { return }
        let first = !prerolled
        prerolled = true
        readDuration()
        if first {
            noSoundDevice = AudioOutput.isSilent(audioSink)
            // A decoder was missing, yet the episode plays: what of it cannot be played.
            unplayablePart = missing.flatMap { $0.isMedia ? $0.description : nil }
            // Where the episode was left, at the chosen speed: one seek, whose end comes back here.
            if let target = pendingSeek ?? (rate != 1 ? 0 : nil) { return seek(to: target) }
        }
        pendingSeek = nil
        settle()
    }

    /// Where a preroll or a seek ends: playing if the user wants it (and nothing is buffering), else paused.
    private func settle() {
        if wantsPlaying, !buffering {
            setPipeline(GST_STATE_PLAYING)
        } else if !wantsPlaying, state != .ended {
            change(to: .paused)
        }
        onChange?()
    }

    private func bufferingChanged(percent: Int) {
        if percent < 100, !buffering {
            buffering = true
            if wantsPlaying, prerolled { setPipeline(GST_STATE_PAUSED); change(to: .loading) }
        } else if percent >= 100, buffering {
            buffering = false
            if wantsPlaying, prerolled, pendingSeek == nil { setPipeline(GST_STATE_PLAYING) }
        }
    }

    private func readDuration() {
        guard let pipeline else { return }
        var nanoseconds: gint64 = 0
        if gst_element_query_duration(pipeline, GST_FORMAT_TIME, &nanoseconds) != 0, nanoseconds > 0 {
            duration = Double(nanoseconds) / 1e9
        }
    }

    private func isPipeline(_ message: UnsafeMutablePointer<GstMessage>) -> Bool {
        guard let pipeline, let source = lectern_gst_message_source(message) else { return false }
        return OpaquePointer(source) == OpaquePointer(pipeline)
    }

    // MARK: - State

    private var isFailed: Bool {
        if case .failed = state { return true }
        return false
    }

    private func setPipeline(_ target: GstState) {
        guard let pipeline else { return }
        gst_element_set_state(pipeline, target)
    }

    /// The first error is the cause; what follows it is its echo.
    private func fail(_ error: PlaybackError) {
        guard !isFailed else { return }
        _ = position
        if let pipeline { gst_element_set_state(pipeline, GST_STATE_NULL) }
        wantsPlaying = false
        change(to: .failed(error))
    }

    private func change(to new: State) {
        let old = state
        state = new
        if new == .playing { startTicking() } else { stopTicking() }
        if old != new || new == .playing { onChange?() }
    }

    private func startTicking() {
        guard ticker == 0 else { return }
        ticker = g_timeout_add(250, { data in
            guard let data else { return 0 }
            let player = Unmanaged<MediaPlayer>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { player.tick() }
            return 1
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func tick() {
        if duration == nil { readDuration() }
        retrySeek()
        onChange?()
    }

    private func stopTicking() {
        if ticker != 0 { g_source_remove(ticker); ticker = 0 }
    }

    // MARK: - GStreamer

    private static let initialized: Bool = {
        gst_init(nil, nil)
        return true
    }()

    static func initializeGStreamer() { _ = initialized }
}
