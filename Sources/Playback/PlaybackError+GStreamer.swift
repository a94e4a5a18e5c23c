import CGStreamer
import Localization

extension PlaybackError {
    /// The error GStreamer posted, by its domain and code; `fromSource` when the element that
    /// posted it reads the bytes (its stream failing means nothing came); `missing` is the
    /// decoder GStreamer said it lacked before its error.
    init(_ error: GError?, fromSource: Bool, missing: MissingDecoder?) {
        if let missing, !missing.isMedia { self = .notMedia; return }
        let missing = missing?.description
        guard let error else { self = .other(tr("the player stopped")); return }
        let detail = error.message.map { String(cString: $0) } ?? ""
        let code = error.code
        switch error.domain {
        case lectern_gst_resource_error_quark():
            switch code {
            case Int32(GST_RESOURCE_ERROR_NOT_FOUND.rawValue): self = .notFound
            case Int32(GST_RESOURCE_ERROR_NOT_AUTHORIZED.rawValue): self = .refused
            case Int32(GST_RESOURCE_ERROR_OPEN_READ.rawValue), Int32(GST_RESOURCE_ERROR_READ.rawValue),
                 Int32(GST_RESOURCE_ERROR_OPEN_READ_WRITE.rawValue), Int32(GST_RESOURCE_ERROR_BUSY.rawValue):
                self = .unreachable(detail)
            default: self = .other(detail)
            }
        case lectern_gst_stream_error_quark():
            switch code {
            case Int32(GST_STREAM_ERROR_CODEC_NOT_FOUND.rawValue):
                self = .unsupported(missing ?? tr("this kind of media"))
            case Int32(GST_STREAM_ERROR_TYPE_NOT_FOUND.rawValue), Int32(GST_STREAM_ERROR_WRONG_TYPE.rawValue),
                 Int32(GST_STREAM_ERROR_DEMUX.rawValue), Int32(GST_STREAM_ERROR_FORMAT.rawValue):
                self = missing.map { .unsupported($0) } ?? .notMedia
            case Int32(GST_STREAM_ERROR_FAILED.rawValue) where fromSource:
                self = .unreachable(tr("the server did not answer"))
            default:
                // A stream that stopped after a decoder was found missing stopped for want of it.
                self = missing.map { .unsupported($0) } ?? .other(detail)
            }
        case lectern_gst_core_error_quark() where code == Int32(GST_CORE_ERROR_MISSING_PLUGIN.rawValue):
            self = .unsupported(missing ?? tr("this kind of media"))
        default:
            self = missing.map { .unsupported($0) } ?? .other(detail)
        }
    }
}

/// A decoder GStreamer looked for and did not have: what it would have played.
struct MissingDecoder {
    /// The codec and what it carries ("H.265 video", "FLAC audio"), else GStreamer's own words.
    let description: String
    /// False for what no player plays: a page, a text, a picture where an episode was promised.
    let isMedia: Bool

    init?(_ message: UnsafeMutablePointer<GstMessage>) {
        guard let caps = lectern_gst_missing_caps(message) else {
            guard let text = gst_missing_plugin_message_get_description(message) else { return nil }
            (description, isMedia) = (String(cString: text), true)
            g_free(text)
            return
        }
        let type = String(cString: lectern_gst_caps_media_type(caps))
        isMedia = !(type.hasPrefix("text/") || type.hasPrefix("image/") || type.hasPrefix("application/xml")
                    || type.hasPrefix("application/json"))
        var codec = type
        if let text = gst_pb_utils_get_codec_description(caps) {
            codec = String(cString: text)
            g_free(text)
        }
        // Translators: a kind of media Lectern has no decoder for: {codec} is its name ("H.265").
        description = type.hasPrefix("video/") ? tr("{codec} video", ["codec": codec])
            // Translators: a kind of media Lectern has no decoder for: {codec} is its name ("FLAC").
            : type.hasPrefix("audio/") ? tr("{codec} audio", ["codec": codec]) : codec
    }
}
