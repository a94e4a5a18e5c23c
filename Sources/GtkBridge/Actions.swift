import CGtk4
import Glibc

/// `GSimpleAction`s on an application or window, with keyboard accelerators.
public enum Actions {
    /// Adds a parameterless action named `name` to `map` (a `GApplication` or
    /// `GtkApplicationWindow`), running `handler` when activated.
    @MainActor @discardableResult
    public static func add(_ name: String, to map: UnsafeMutableRawPointer,
                           _ handler: @escaping @MainActor () -> Void) -> OpaquePointer {
        let action = created(g_simple_action_new(name, nil))
        Signals.connectWithPointer(UnsafeMutableRawPointer(action), "activate") { _ in handler() }
        g_action_map_add_action(OpaquePointer(map), action)
        g_object_unref(UnsafeMutableRawPointer(action))   // the map holds it now
        return action
    }

    /// Adds an action taking a string parameter (e.g. `app.select-theme('Paper')`).
    @MainActor @discardableResult
    public static func add(_ name: String, to map: UnsafeMutableRawPointer, string handler: @escaping @MainActor (String) -> Void) -> OpaquePointer {
        let action = created(g_simple_action_new(name, lectern_variant_type_string()))
        Signals.connectWithPointer(UnsafeMutableRawPointer(action), "activate") { parameter in
            guard let parameter, let value = Variant(retaining: OpaquePointer(parameter)).string else { return }
            handler(value)
        }
        g_action_map_add_action(OpaquePointer(map), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        return action
    }

    /// Sets the accelerators (e.g. `"<Control>q"`) for a detailed action name (`app.quit`).
    @MainActor
    public static func setAccelerators(_ accelerators: [String], for action: String,
                                       on application: UnsafeMutableRawPointer) {
        var cStrings = accelerators.map { UnsafePointer(strdup($0)) }
        cStrings.append(nil)
        defer { cStrings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        cStrings.withUnsafeBufferPointer { buffer in
            gtk_application_set_accels_for_action(cast(application), action, buffer.baseAddress)
        }
    }
}
