import Localization

/// Why an episode could not be played, in words for the player bar: what failed, then what
/// to do about it. Made from GStreamer's error domains and codes (`PlaybackError(domain:…)`).
public enum PlaybackError: Error, Equatable, Sendable {
    /// The server has no file at the address (HTTP 404, 410) or the local file is gone.
    case notFound
    /// The server refused (HTTP 401, 403).
    case refused
    /// The file could not be fetched or read: no answer, the connection dropped, a stall.
    case unreachable(String)
    /// What came is not audio or video (an HTML page, a text file, a truncated download).
    case notMedia
    /// A kind of media no installed decoder plays ("H.265 video").
    case unsupported(String)
    /// Anything else GStreamer said.
    case other(String)
    /// GStreamer's `playbin` is missing: the installation is broken.
    case noPlayer

    /// What failed, one sentence.
    public var message: String {
        switch self {
        case .notFound: tr("The episode is not at its address any more.")
        case .refused: tr("The server refused to give the episode.")
        case .unreachable(let detail): tr("The episode could not be downloaded: {detail}.", ["detail": detail])
        case .notMedia: tr("What the address gives is not audio or video.")
        case .unsupported(let kind): tr("Lectern cannot play {kind}: no decoder for it is installed.", ["kind": kind])
        case .other(let detail): tr("The episode could not be played: {detail}.", ["detail": detail])
        case .noPlayer: tr("Lectern cannot play media: GStreamer's base plugins are missing.")
        }
    }

    /// What the user can do, one sentence.
    public var advice: String {
        switch self {
        case .notFound, .refused, .notMedia:
            tr("Open the article in the browser to find the episode, or try again after the next refresh.")
        case .unreachable:
            tr("Check the connection and try again.")
        case .unsupported:
            tr("Install GStreamer's plugins for it (gstreamer1.0-libav plays most), or open the attachment in another program.")
        case .other:
            tr("Try again, or open the attachment in another program.")
        case .noPlayer:
            tr("Install gstreamer1.0-plugins-base and gstreamer1.0-plugins-good.")
        }
    }
}
