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

/// The media type a missing-plugin message asks a decoder for (`audio/x-flac`, `text/html`), or NULL.
static inline const char *lectern_gst_missing_media_type(GstMessage *message) {
    const GstStructure *structure = gst_message_get_structure(message);
    const GValue *detail = structure ? gst_structure_get_value(structure, "detail") : NULL;
    if (!detail || !GST_VALUE_HOLDS_CAPS(detail)) return NULL;
    const GstCaps *caps = gst_value_get_caps(detail);
    return caps && gst_caps_get_size(caps) > 0 ? gst_structure_get_name(gst_caps_get_structure(caps, 0)) : NULL;
}

static inline void lectern_gst_set_uint64(gpointer object, const char *name, guint64 value) {
    g_object_set(object, name, value, NULL);
}
