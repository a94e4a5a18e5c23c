import CGtk4

// The raw connections behind `Signal`: one function per C signature, since a thunk's
// parameter count must match the signal exactly (user data comes last). Every handler
// runs on the main actor, entered with `MainActor.assumeIsolated`. Internal: the app
// connects through the typed `Signal` descriptors (SignalKinds.swift).

public typealias RawPointer = UnsafeMutableRawPointer

private typealias Thunk0 = @convention(c) (RawPointer?, RawPointer?) -> Void
private typealias Thunk0Bool = @convention(c) (RawPointer?, RawPointer?) -> gboolean
private typealias Thunk1 = @convention(c) (RawPointer?, RawPointer?, RawPointer?) -> Void
private typealias Thunk1Int = @convention(c) (RawPointer?, RawPointer?, RawPointer?) -> gint
private typealias Thunk2 = @convention(c) (RawPointer?, RawPointer?, RawPointer?, RawPointer?) -> Void
private typealias ThunkUInt = @convention(c) (RawPointer?, guint, RawPointer?) -> Void
private typealias ThunkKey = @convention(c) (RawPointer?, guint, guint, GdkModifierType, RawPointer?) -> gboolean
private typealias ThunkFileMonitor = @convention(c) (RawPointer?, RawPointer?, RawPointer?, UInt32, RawPointer?) -> Void
private typealias ThunkPress = @convention(c) (RawPointer?, gint, gdouble, gdouble, RawPointer?) -> Void
private typealias ThunkPoint = @convention(c) (RawPointer?, gdouble, gdouble, RawPointer?) -> Void
private typealias ThunkDrop = @convention(c) (RawPointer?, UnsafePointer<GValue>?, gdouble, gdouble, RawPointer?) -> gboolean

enum Signals {
    /// `void handler(instance)` — e.g. `clicked`, `map`, `startup`, `activate`.
    @MainActor @discardableResult
    static func connect(_ instance: RawPointer, _ signal: String,
                               _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let thunk: Thunk0 = { _, data in
            let body = ClosureBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { body() }
        }
        return connectThunk(instance, signal, unsafeBitCast(thunk, to: UnsafeRawPointer.self),
                            ClosureBox(handler).retainedPointer)
    }

    /// `gboolean handler(instance)` — e.g. `close-request`; return true to stop.
    @MainActor @discardableResult
    static func connectReturningBool(_ instance: RawPointer, _ signal: String,
                               _ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        let thunk: Thunk0Bool = { _, data in
            let body = ClosureBox<@MainActor () -> Bool>.from(data)
            return MainActor.assumeIsolated { body() } ? 1 : 0
        }
        return connectThunk(instance, signal, unsafeBitCast(thunk, to: UnsafeRawPointer.self),
                            ClosureBox(handler).retainedPointer)
    }

    /// `void handler(instance, gpointer)` — e.g. `notify`, `setup`/`bind` of a list
    /// factory, `GSimpleAction::activate` (the parameter variant).
    @MainActor @discardableResult
    static func connectWithPointer(_ instance: RawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (RawPointer?) -> Void) -> SignalConnection {
        let thunk: Thunk1 = { _, argument, data in
            let body = ClosureBox<@MainActor (RawPointer?) -> Void>.from(data)
            MainActor.assumeIsolated { body(argument) }
        }
        return connectThunk(instance, signal, unsafeBitCast(thunk, to: UnsafeRawPointer.self),
                            ClosureBox(handler).retainedPointer)
    }

    /// `gint handler(instance, gpointer)` — e.g. `command-line`, `handle-local-options`.
    @MainActor @discardableResult
    static func connectWithPointerReturningInt(_ instance: RawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (RawPointer?) -> Int32) -> SignalConnection {
        let thunk: Thunk1Int = { _, argument, data in
            let body = ClosureBox<@MainActor (RawPointer?) -> Int32>.from(data)
            return MainActor.assumeIsolated { body(argument) }
        }
        return connectThunk(instance, signal, unsafeBitCast(thunk, to: UnsafeRawPointer.self),
                            ClosureBox(handler).retainedPointer)
    }

    /// `void handler(instance, gpointer, gpointer)` — e.g. `parsing-error`.
    @MainActor @discardableResult
    static func connectWithPointers(_ instance: RawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (RawPointer?, RawPointer?) -> Void) -> SignalConnection {
        let thunk: Thunk2 = { _, first, second, data in
            let body = ClosureBox<@MainActor (RawPointer?, RawPointer?) -> Void>.from(data)
            MainActor.assumeIsolated { body(first, second) }
        }
        return connectThunk(instance, signal, unsafeBitCast(thunk, to: UnsafeRawPointer.self),
                            ClosureBox(handler).retainedPointer)
    }

    /// `void handler(instance, guint)` — e.g. `GtkListView::activate`.
    @MainActor @discardableResult
    static func connectWithUInt(_ instance: RawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (UInt32) -> Void) -> SignalConnection {
        let thunk: ThunkUInt = { _, value, data in
            let body = ClosureBox<@MainActor (UInt32) -> Void>.from(data)
            MainActor.assumeIsolated { body(value) }
        }
        return connectThunk(instance, signal, unsafeBitCast(thunk, to: UnsafeRawPointer.self),
                            ClosureBox(handler).retainedPointer)
    }

    /// `gboolean handler(controller, keyval, keycode, state)` — `GtkEventControllerKey::key-pressed`.
    @MainActor @discardableResult
    static func connectKeyPressed(_ instance: RawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (_ keyval: UInt32, _ keycode: UInt32,
                                                                  _ state: GdkModifierType) -> Bool) -> SignalConnection {
        let thunk: ThunkKey = { _, keyval, keycode, state, data in
            let body = ClosureBox<@MainActor (UInt32, UInt32, GdkModifierType) -> Bool>.from(data)
            return MainActor.assumeIsolated { body(keyval, keycode, state) } ? 1 : 0
        }
        return connectThunk(instance, signal, unsafeBitCast(thunk, to: UnsafeRawPointer.self),
                            ClosureBox(handler).retainedPointer)
    }

    /// `void handler(monitor, file, other_file, event)` — `GFileMonitor::changed`.
    @MainActor @discardableResult
    static func connectFileMonitor(_ instance: RawPointer, _ handler: @escaping @MainActor (_ event: UInt32) -> Void) -> SignalConnection {
        let thunk: ThunkFileMonitor = { _, _, _, event, data in
            let body = ClosureBox<@MainActor (UInt32) -> Void>.from(data)
            MainActor.assumeIsolated { body(event) }
        }
        return connectThunk(instance, "changed", unsafeBitCast(thunk, to: UnsafeRawPointer.self),
                            ClosureBox(handler).retainedPointer)
    }

    /// `gboolean handler(instance, const GValue *value, double x, double y, gpointer)` — `GtkDropTarget::drop`.
    @MainActor @discardableResult
    static func connectDrop(_ instance: RawPointer, _ signal: String,
                            _ handler: @escaping @MainActor (UnsafePointer<GValue>) -> Bool) -> SignalConnection {
        let thunk: ThunkDrop = { _, value, _, _, data in
            let body = ClosureBox<@MainActor (UnsafePointer<GValue>) -> Bool>.from(data)
            guard let value else { return 0 }
            return MainActor.assumeIsolated { body(value) } ? 1 : 0
        }
        return connectThunk(instance, signal, unsafeBitCast(thunk, to: UnsafeRawPointer.self),
                            ClosureBox(handler).retainedPointer)
    }

    /// `void handler(gesture, x, y)` — a gesture's point: `GtkGestureDrag::drag-begin` (where
    /// it began), `::drag-end` (how far it went), `GtkGestureLongPress::pressed` (where).
    @MainActor @discardableResult
    static func connectPoint(_ instance: RawPointer, _ signal: String,
                             _ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) -> SignalConnection {
        let thunk: ThunkPoint = { _, x, y, data in
            let body = ClosureBox<@MainActor (Double, Double) -> Void>.from(data)
            MainActor.assumeIsolated { body(x, y) }
        }
        return connectThunk(instance, signal, unsafeBitCast(thunk, to: UnsafeRawPointer.self),
                            ClosureBox(handler).retainedPointer)
    }

    /// `void handler(gesture, n_press, x, y)` — `GtkGestureClick::pressed`/`released`.
    @MainActor @discardableResult
    static func connectPressed(_ instance: RawPointer, _ signal: String,
                               _ handler: @escaping @MainActor (_ count: Int32, _ x: Double, _ y: Double) -> Void) -> SignalConnection {
        let thunk: ThunkPress = { _, count, x, y, data in
            let body = ClosureBox<@MainActor (Int32, Double, Double) -> Void>.from(data)
            MainActor.assumeIsolated { body(count, x, y) }
        }
        return connectThunk(instance, signal, unsafeBitCast(thunk, to: UnsafeRawPointer.self),
                            ClosureBox(handler).retainedPointer)
    }
}
