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
        register(created(g_simple_action_new(name, lectern_variant_type_string())), in: map, string: handler)
    }

    /// Adds an action taking a string parameter and holding a string state. A menu item
    /// targeting it is drawn as chosen while the state equals its target: a per-item switch
    /// (the state names the item whose switch is on, or is empty). `handler` sets the state.
    @MainActor @discardableResult
    public static func addStateful(_ name: String, to map: UnsafeMutableRawPointer,
                                   string handler: @escaping @MainActor (String) -> Void) -> OpaquePointer {
        register(created(g_simple_action_new_stateful(name, lectern_variant_type_string(), g_variant_new_string(""))),
                 in: map, string: handler)
    }

    /// Connects `handler` to a string action's activation and hands the action to `map`.
    @MainActor
    private static func register(_ action: OpaquePointer, in map: UnsafeMutableRawPointer,
                                 string handler: @escaping @MainActor (String) -> Void) -> OpaquePointer {
        Signals.connectWithPointer(UnsafeMutableRawPointer(action), "activate") { parameter in
            guard let parameter, let value = Variant(retaining: OpaquePointer(parameter)).string else { return }
            handler(value)
        }
        g_action_map_add_action(OpaquePointer(map), action)
        g_object_unref(UnsafeMutableRawPointer(action))   // the map holds it now
        return action
    }

    /// Sets the string state of an action made by `addStateful`.
    @MainActor
    public static func setState(_ action: OpaquePointer, _ value: String) {
        g_simple_action_set_state(action, g_variant_new_string(value))
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
