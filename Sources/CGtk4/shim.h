#ifndef LECTERN_CGTK4_SHIM_H
#define LECTERN_CGTK4_SHIM_H
/* The C face of GLib, GIO and GTK 4 as Swift sees it, plus small wrappers for the
   macros and variadic functions that do not import. */
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <gio/gio.h>

/* libdispatch's main-queue hooks (exported by libdispatch on Linux, used by
   CoreFoundation): an eventfd that becomes readable when work is queued on the main
   queue, and the function that drains it. GtkBridge's MainLoopBridge watches the fd. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

/* Type macros. */
static inline GType lectern_type_object(void) { return G_TYPE_OBJECT; }
static inline GType lectern_type_string(void) { return G_TYPE_STRING; }
static inline GType lectern_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType lectern_type_int(void) { return G_TYPE_INT; }
static inline GType lectern_type_double(void) { return G_TYPE_DOUBLE; }

/* Variant types. */
static inline const GVariantType *lectern_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }
static inline const GVariantType *lectern_variant_type_boolean(void) { return G_VARIANT_TYPE_BOOLEAN; }
static inline const GVariantType *lectern_variant_type_int32(void) { return G_VARIANT_TYPE_INT32; }
static inline const GVariantType *lectern_variant_type_uint32(void) { return G_VARIANT_TYPE_UINT32; }
static inline const GVariantType *lectern_variant_type_double(void) { return G_VARIANT_TYPE_DOUBLE; }
static inline const GVariantType *lectern_variant_type_variant(void) { return G_VARIANT_TYPE_VARIANT; }
static inline const GVariantType *lectern_variant_type_bytestring(void) { return G_VARIANT_TYPE_BYTESTRING; }

/* Checks that need the type system. */
static inline gboolean lectern_is_object(gpointer instance) { return G_IS_OBJECT(instance); }
static inline gboolean lectern_object_is_floating(gpointer instance) { return g_object_is_floating(instance); }

/* Widgets whose focus goes to an inner button, which a screen reader reads on its own. */
static inline gboolean lectern_focus_is_inner(gpointer instance) {
    return GTK_IS_DROP_DOWN(instance) || GTK_IS_FONT_BUTTON(instance);
}

/* A label with another accessible role (a heading): the role is fixed at construction. */
static inline GtkWidget *lectern_label_new_with_role(const char *text, GtkAccessibleRole role) {
    return g_object_new(GTK_TYPE_LABEL, "label", text, "accessible-role", role, NULL);
}

/* GOption: the string array an option entry fills (G_OPTION_ARG_STRING_ARRAY etc.). */
static inline gboolean lectern_variant_dict_lookup_string(GVariantDict *dict, const char *key, char **out) {
    return g_variant_dict_lookup(dict, key, "s", out);
}
static inline gboolean lectern_variant_dict_lookup_path(GVariantDict *dict, const char *key, char **out) {
    return g_variant_dict_lookup(dict, key, "^ay", out);
}
static inline gboolean lectern_variant_dict_lookup_strv(GVariantDict *dict, const char *key, char ***out) {
    return g_variant_dict_lookup(dict, key, "^as", out);
}
static inline gboolean lectern_variant_dict_lookup_pathv(GVariantDict *dict, const char *key, char ***out) {
    return g_variant_dict_lookup(dict, key, "^aay", out);
}

/* D-Bus message bodies (variadic in C). */
static inline GVariant *lectern_variant_new_string_pair(const char *first, const char *second) {
    return g_variant_new("(ss)", first, second);
}
/// RequestBackground's parameters: no parent window, and options reason, autostart, commandline.
static inline GVariant *lectern_background_request(const char *reason, gboolean autostart, const char *const *commandline) {
    GVariantBuilder options;
    g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&options, "{sv}", "reason", g_variant_new_string(reason));
    g_variant_builder_add(&options, "{sv}", "autostart", g_variant_new_boolean(autostart));
    g_variant_builder_add(&options, "{sv}", "commandline", g_variant_new_strv(commandline, -1));
    return g_variant_new("(sa{sv})", "", &options);
}
static inline GVariant *lectern_variant_new_strings(const char *const *strings) {
    return g_variant_new("(^as)", strings);
}

/* Printing to a remote command line (variadic in C). */
static inline void lectern_command_line_print(GApplicationCommandLine *cmdline, const char *text) {
    g_application_command_line_print(cmdline, "%s", text);
}
static inline void lectern_command_line_printerr(GApplicationCommandLine *cmdline, const char *text) {
    g_application_command_line_printerr(cmdline, "%s", text);
}

/* Logging without format-string surprises. */
static inline void lectern_log_warning(const char *domain, const char *text) {
    g_log(domain, G_LOG_LEVEL_WARNING, "%s", text);
}
static inline void lectern_log_message(const char *domain, const char *text) {
    g_log(domain, G_LOG_LEVEL_MESSAGE, "%s", text);
}
static inline void lectern_log_debug(const char *domain, const char *text) {
    g_log(domain, G_LOG_LEVEL_DEBUG, "%s", text);
}

/* Dialogs with variadic constructors. */
static inline GtkWidget *lectern_message_dialog_new(GtkWindow *parent, GtkMessageType type,
                                                     GtkButtonsType buttons, const char *text) {
    return gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                  type, buttons, "%s", text);
}
static inline GtkFileChooserNative *lectern_file_chooser_native_new(const char *title, GtkWindow *parent,
                                                                    GtkFileChooserAction action,
                                                                    const char *accept, const char *cancel) {
    return gtk_file_chooser_native_new(title, parent, action, accept, cancel);
}
#endif

/* org.gtk.Actions.Activate's parameters for an action without a parameter: (sava{sv}). */
static inline GVariant *lectern_variant_new_action_activation(const char *name) {
    return g_variant_new("(sava{sv})", name, NULL, NULL);
}
