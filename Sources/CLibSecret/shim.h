// libsecret, the desktop's Secret Service (GNOME Keyring, KeePassXC…): where Lectern keeps
// sync passwords. The schema and the variadic calls are wrapped here, since a C array of 32
// attributes and C varargs do not import into Swift.
#include <libsecret/secret.h>

static inline const SecretSchema *lectern_account_schema(void) {
    static const SecretSchema schema = {
        "dev.lectern.Lectern.Account", SECRET_SCHEMA_NONE,
        {
            { "kind", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "server", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "user", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { NULL, 0 },
        }
    };
    return &schema;
}

static inline gboolean lectern_secret_store(const char *kind, const char *server, const char *user,
                                            const char *label, const char *password, GError **error) {
    return secret_password_store_sync(lectern_account_schema(), SECRET_COLLECTION_DEFAULT, label, password,
                                      NULL, error, "kind", kind, "server", server, "user", user, NULL);
}

static inline gchar *lectern_secret_lookup(const char *kind, const char *server, const char *user, GError **error) {
    return secret_password_lookup_sync(lectern_account_schema(), NULL, error,
                                       "kind", kind, "server", server, "user", user, NULL);
}

static inline gboolean lectern_secret_clear(const char *kind, const char *server, const char *user, GError **error) {
    return secret_password_clear_sync(lectern_account_schema(), NULL, error,
                                      "kind", kind, "server", server, "user", user, NULL);
}
