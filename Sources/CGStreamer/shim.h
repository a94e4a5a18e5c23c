// GStreamer, which plays podcasts and the media articles attach (Sources/Playback). Its macros
// and the variadic g_object_set do not import into Swift: the few Lectern needs are here.
#include <gst/gst.h>
#include <gst/pbutils/pbutils.h>
#include <string.h>

static inline GstMessageType lectern_gst_message_type(GstMessage *message) {
    return GST_MESSAGE_TYPE(message);
}

static inline GstObject *lectern_gst_message_source(GstMessage *message) {
    return GST_MESSAGE_SRC(message);
}

static inline void lectern_gst_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}

static inline void lectern_gst_set_element(gpointer object, const char *name, GstElement *value) {
    g_object_set(object, name, value, NULL);
}

static inline void lectern_gst_set_double(gpointer object, const char *name, double value) {
    g_object_set(object, name, value, NULL);
}

static inline void lectern_gst_set_int(gpointer object, const char *name, int value) {
    g_object_set(object, name, value, NULL);
}

static inline void lectern_gst_set_uint(gpointer object, const char *name, unsigned value) {
    g_object_set(object, name, value, NULL);
}

static inline void lectern_gst_set_bool(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

/// Whether `object` has a property `name` (a source element's `timeout`, `user-agent`).
static inline gboolean lectern_gst_has_property(gpointer object, const char *name) {
    return g_object_class_find_property(G_OBJECT_GET_CLASS(object), name) != NULL;
}

/// The name of the factory that made `element` (`pulsesink`, `fakesink`…), or NULL.
static inline const char *lectern_gst_factory_name(GstElement *element) {
    GstElementFactory *factory = gst_element_get_factory(element);
    return factory ? gst_plugin_feature_get_name(GST_PLUGIN_FEATURE(factory)) : NULL;
}

/// The first child of a bin (what `autoaudiosink` chose once it is READY), with a reference; or NULL.
static inline GstElement *lectern_gst_first_child(GstElement *bin) {
    if (!GST_IS_BIN(bin)) return NULL;
    GList *children = GST_BIN_CHILDREN(bin);
    return children ? gst_object_ref(children->data) : NULL;
}

static inline guint64 lectern_gst_clock_time_none(void) { return GST_CLOCK_TIME_NONE; }
static inline GQuark lectern_gst_resource_error_quark(void) { return GST_RESOURCE_ERROR; }
static inline GQuark lectern_gst_stream_error_quark(void) { return GST_STREAM_ERROR; }
static inline GQuark lectern_gst_core_error_quark(void) { return GST_CORE_ERROR; }

/// Whether the element that posted `message` is a source (its class names "Source": the HTTP
/// client, the file reader), whose "internal data stream error" means it got nothing to read.
static inline gboolean lectern_gst_message_from_source(GstMessage *message) {
    GstObject *object = GST_MESSAGE_SRC(message);
    if (!object || !GST_IS_ELEMENT(object)) return FALSE;
    const char *klass = gst_element_get_metadata(GST_ELEMENT(object), GST_ELEMENT_METADATA_KLASS);
    return klass && strstr(klass, "Source") != NULL;
}

/// What a missing-plugin message asks a decoder for (`audio/x-flac`, `video/x-h265`, `text/html`), or NULL.
static inline const GstCaps *lectern_gst_missing_caps(GstMessage *message) {
    const GstStructure *structure = gst_message_get_structure(message);
    const GValue *detail = structure ? gst_structure_get_value(structure, "detail") : NULL;
    if (!detail || !GST_VALUE_HOLDS_CAPS(detail)) return NULL;
    const GstCaps *caps = gst_value_get_caps(detail);
    return caps && gst_caps_get_size(caps) > 0 ? caps : NULL;
}

/// The media type of `caps`' first structure (`video/x-h265`).
static inline const char *lectern_gst_caps_media_type(const GstCaps *caps) {
    return gst_structure_get_name(gst_caps_get_structure(caps, 0));
}

static inline void lectern_gst_set_uint64(gpointer object, const char *name, guint64 value) {
    g_object_set(object, name, value, NULL);
}

// MARK: - Video frames for GTK

#include <gst/app/gstappsink.h>
#include <gst/video/video.h>

/// The pictures of a video episode, for the window to show: an `appsink` taking RGBA frames
/// with square pixels (playbin converts and scales into them). The streaming thread keeps
/// only the newest frame and asks the main loop, once, to come for it; a frame the window
/// has no time for is replaced, never queued.
typedef struct {
    GstElement *sink;
    GMutex lock;
    GstSample *newest;
    guint wake;
    void (*deliver)(void *context);
    void *context;
} LecternFrames;

static gboolean lectern_frames_wake(gpointer data) {
    LecternFrames *frames = data;
    g_mutex_lock(&frames->lock);
    frames->wake = 0;
    g_mutex_unlock(&frames->lock);
    frames->deliver(frames->context);
    return G_SOURCE_REMOVE;
}

static void lectern_frames_keep(LecternFrames *frames, GstSample *sample) {
    if (!sample) return;
    g_mutex_lock(&frames->lock);
    if (frames->newest) gst_sample_unref(frames->newest);
    frames->newest = sample;
    if (!frames->wake) frames->wake = g_idle_add_full(G_PRIORITY_DEFAULT, lectern_frames_wake, frames, NULL);
    g_mutex_unlock(&frames->lock);
}

static GstFlowReturn lectern_frames_new_sample(GstAppSink *sink, gpointer data) {
    lectern_frames_keep(data, gst_app_sink_pull_sample(sink));
    return GST_FLOW_OK;
}

static GstFlowReturn lectern_frames_new_preroll(GstAppSink *sink, gpointer data) {
    lectern_frames_keep(data, gst_app_sink_pull_preroll(sink));
    return GST_FLOW_OK;
}

/// Frames for `deliver`, called on the main loop with `context` when a new one is waiting.
static inline LecternFrames *lectern_frames_new(void (*deliver)(void *), void *context) {
    GstElement *sink = gst_element_factory_make("appsink", NULL);
    if (!sink) return NULL;
    LecternFrames *frames = g_new0(LecternFrames, 1);
    g_mutex_init(&frames->lock);
    frames->sink = gst_object_ref_sink(sink);
    frames->deliver = deliver;
    frames->context = context;
    GstCaps *caps = gst_caps_from_string("video/x-raw, format=RGBA, pixel-aspect-ratio=1/1");
    g_object_set(sink, "caps", caps, "max-buffers", 1, "drop", TRUE, "enable-last-sample", FALSE, NULL);
    gst_caps_unref(caps);
    GstAppSinkCallbacks callbacks = { .new_preroll = lectern_frames_new_preroll, .new_sample = lectern_frames_new_sample };
    gst_app_sink_set_callbacks(GST_APP_SINK(sink), &callbacks, frames, NULL);
    return frames;
}

static inline GstElement *lectern_frames_sink(LecternFrames *frames) { return frames->sink; }

typedef struct { GstBuffer *buffer; GstMapInfo map; } LecternMappedFrame;

static void lectern_frames_unmap(gpointer data) {
    LecternMappedFrame *mapped = data;
    gst_buffer_unmap(mapped->buffer, &mapped->map);
    gst_buffer_unref(mapped->buffer);
    g_free(mapped);
}

/// The newest frame's pixels (RGBA rows `stride` bytes apart), without a copy, or NULL when
/// none is waiting. The bytes hold the frame until they are let go of.
static inline GBytes *lectern_frames_take(LecternFrames *frames, int *width, int *height, int *stride) {
    g_mutex_lock(&frames->lock);
    GstSample *sample = frames->newest;
    frames->newest = NULL;
    g_mutex_unlock(&frames->lock);
    if (!sample) return NULL;
    GBytes *bytes = NULL;
    GstVideoInfo info;
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    GstCaps *caps = gst_sample_get_caps(sample);
    if (buffer && caps && gst_video_info_from_caps(&info, caps)) {
        LecternMappedFrame *mapped = g_new0(LecternMappedFrame, 1);
        mapped->buffer = gst_buffer_ref(buffer);
        if (gst_buffer_map(buffer, &mapped->map, GST_MAP_READ)) {
            GstVideoMeta *meta = gst_buffer_get_video_meta(buffer);
            *width = GST_VIDEO_INFO_WIDTH(&info);
            *height = GST_VIDEO_INFO_HEIGHT(&info);
            *stride = meta ? meta->stride[0] : GST_VIDEO_INFO_PLANE_STRIDE(&info, 0);
            gsize offset = meta ? meta->offset[0] : GST_VIDEO_INFO_PLANE_OFFSET(&info, 0);
            if (offset + (gsize)*stride * (gsize)(*height - 1) + (gsize)*width * 4 <= mapped->map.size) {
                bytes = g_bytes_new_with_free_func(mapped->map.data + offset, mapped->map.size - offset,
                                                   lectern_frames_unmap, mapped);
            } else {
                lectern_frames_unmap(mapped);
            }
        } else {
            gst_buffer_unref(mapped->buffer);
            g_free(mapped);
        }
    }
    gst_sample_unref(sample);
    return bytes;
}

/// Lets go of the frames: only once the pipeline around the sink is stopped (NULL).
static inline void lectern_frames_free(LecternFrames *frames) {
    g_mutex_lock(&frames->lock);
    if (frames->wake) g_source_remove(frames->wake);
    if (frames->newest) gst_sample_unref(frames->newest);
    g_mutex_unlock(&frames->lock);
    g_mutex_clear(&frames->lock);
    gst_object_unref(frames->sink);
    g_free(frames);
}
