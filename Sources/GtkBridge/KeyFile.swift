import CGtk4

/// A `GKeyFile`: INI-style groups and keys that keep comments, unknown groups and keys
/// a user added across a load and save.
public final class KeyFile {
    private let keyFile: OpaquePointer

    public init() {
        keyFile = g_key_file_new()
    }

    deinit { g_key_file_unref(keyFile) }

    /// Parses `text`, replacing the current contents. Throws a `BridgeError` naming the problem.
    public func load(text: String) throws(BridgeError) {
        let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_COMMENTS.rawValue | G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
        try withGError { g_key_file_load_from_data(keyFile, text, gsize(text.utf8.count), flags, $0) }
    }

    /// The file's text, ready to be written.
    public func text() -> String {
        takeString(g_key_file_to_data(keyFile, nil, nil)) ?? ""
    }

    /// Writes the file atomically (a temporary file renamed over the old one).
    public func save(to path: String) throws(BridgeError) {
        let data = text()
        try withGError { g_file_set_contents(path, data, -1, $0) }
    }

    public func hasKey(_ group: String, _ key: String) -> Bool {
        g_key_file_has_key(keyFile, group, key, nil) != 0
    }

    /// The raw value of a key (unescaped string), or nil when absent.
    public func string(_ group: String, _ key: String) -> String? {
        takeString(g_key_file_get_string(keyFile, group, key, nil))
    }

    public func setString(_ group: String, _ key: String, _ value: String) {
        g_key_file_set_string(keyFile, group, key, value)
    }

    /// An integer value; throws when the key is present but not an integer.
    public func integer(_ group: String, _ key: String) throws(BridgeError) -> Int? {
        guard hasKey(group, key) else { return nil }
        return Int(try withGError { g_key_file_get_int64(keyFile, group, key, $0) })
    }

    public func setInteger(_ group: String, _ key: String, _ value: Int) {
        g_key_file_set_int64(keyFile, group, key, gint64(value))
    }

    /// A floating-point value; throws when the key is present but not a number.
    public func double(_ group: String, _ key: String) throws(BridgeError) -> Double? {
        guard hasKey(group, key) else { return nil }
        return try withGError { g_key_file_get_double(keyFile, group, key, $0) }
    }

    public func setDouble(_ group: String, _ key: String, _ value: Double) {
        g_key_file_set_double(keyFile, group, key, value)
    }

    /// A boolean value; throws when the key is present but not `true`/`false`.
    public func bool(_ group: String, _ key: String) throws(BridgeError) -> Bool? {
        guard hasKey(group, key) else { return nil }
        return try withGError { g_key_file_get_boolean(keyFile, group, key, $0) } != 0
    }

    public func setBool(_ group: String, _ key: String, _ value: Bool) {
        g_key_file_set_boolean(keyFile, group, key, value ? 1 : 0)
    }

    public func removeKey(_ group: String, _ key: String) {
        g_key_file_remove_key(keyFile, group, key, nil)
    }

    /// Sets the comment above a group (nil key) or a key.
    public func setComment(_ comment: String, group: String, key: String? = nil) {
        g_key_file_set_comment(keyFile, group, key, comment, nil)
    }
}
