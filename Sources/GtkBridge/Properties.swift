import CGtk4

/// Sets GObject properties by name (for properties without a setter in GTK 4.8).
public enum Properties {
    @MainActor
    public static func setString(_ object: UnsafeMutableRawPointer, _ name: String, _ value: String) {
        var gvalue = GValue()
        g_value_init(&gvalue, lectern_type_string())
        g_value_set_string(&gvalue, value)
        g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &gvalue)
        g_value_unset(&gvalue)
    }

    @MainActor
    public static func setBool(_ object: UnsafeMutableRawPointer, _ name: String, _ value: Bool) {
        var gvalue = GValue()
        g_value_init(&gvalue, lectern_type_boolean())
        g_value_set_boolean(&gvalue, value ? 1 : 0)
        g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &gvalue)
        g_value_unset(&gvalue)
    }

    @MainActor
    public static func bool(_ object: UnsafeMutableRawPointer, _ name: String) -> Bool {
        var gvalue = GValue()
        g_value_init(&gvalue, lectern_type_boolean())
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &gvalue)
        defer { g_value_unset(&gvalue) }
        return g_value_get_boolean(&gvalue) != 0
    }
}
