import CGStreamer

/// The pictures of a video episode, handed to the window one at a time on the main loop: the
/// newest frame only (one the window had no time for is dropped, never queued), its pixels
/// RGBA, without a copy. GTK-free: the window makes its texture from `Frame`.
@MainActor
final class VideoFrames {
    private var frames: UnsafeMutablePointer<LecternFrames>?
    private let deliver: @MainActor (VideoFrame) -> Void

    init?(deliver: @escaping @MainActor (VideoFrame) -> Void) {
        self.deliver = deliver
        frames = nil
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let made = lectern_frames_new({ data in
            guard let data else { return }
            let frames = Unmanaged<VideoFrames>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { frames.takeNewest() }
        }, context) else { return nil }
        frames = made
    }

    /// The sink to give `playbin` as its `video-sink`.
    var sink: UnsafeMutablePointer<GstElement>? { frames.map { lectern_frames_sink($0) } }

    /// Lets go of the sink: only once its pipeline is stopped.
    func release() {
        if let frames { lectern_frames_free(frames) }
        frames = nil
    }

    isolated deinit { release() }

    private func takeNewest() {
        guard let frames else { return }
        var width: Int32 = 0, height: Int32 = 0, stride: Int32 = 0
        guard let bytes = lectern_frames_take(frames, &width, &height, &stride) else { return }
        defer { g_bytes_unref(bytes) }
        deliver(VideoFrame(bytes: bytes, width: Int(width), height: Int(height), stride: Int(stride)))
    }
}

/// One picture of a video: `height` rows of `width` RGBA pixels, `stride` bytes apart, in a
/// `GBytes` the receiver may keep (with `g_bytes_ref`) beyond the call that hands it over.
public struct VideoFrame {
    public let bytes: OpaquePointer
    public let width: Int
    public let height: Int
    public let stride: Int
}
