import CGtk4

/// A GObject signal and the Swift handler it takes: the bridge knows each signal's C
/// signature, so a handler gets typed arguments (never raw pointers to unwrap) and the
/// app never calls `g_signal_connect`. Connect with `connect(instance, .clicked) { … }`.
@MainActor
public struct Signal<Handler> {
    /// The detailed signal name, e.g. `notify::active`.
    public let name: String
    let connector: @MainActor (_ instance: RawPointer, _ name: String, _ handler: Handler) -> SignalConnection
}

/// Connects `handler` to `signal` of `instance`; the closure is released when the handler
/// is disconnected or the object dies. Handlers capture `[weak self]` (or `[unowned self]`
/// for the application, which outlives every signal it emits).
@MainActor @discardableResult
public func connect<T, Handler>(_ instance: UnsafeMutablePointer<T>, _ signal: Signal<Handler>,
                                _ handler: Handler) -> SignalConnection {
    signal.connector(RawPointer(instance), signal.name, handler)
}

@MainActor @discardableResult
public func connect<Handler>(_ instance: OpaquePointer, _ signal: Signal<Handler>, _ handler: Handler) -> SignalConnection {
    signal.connector(RawPointer(instance), signal.name, handler)
}

@MainActor @discardableResult
public func connect<Handler>(_ instance: UnsafeMutableRawPointer, _ signal: Signal<Handler>, _ handler: Handler) -> SignalConnection {
    signal.connector(instance, signal.name, handler)
}

extension Object {
    /// Connects `handler` to `signal` of this object.
    @discardableResult
    public func connect<Handler>(_ signal: Signal<Handler>, _ handler: Handler) -> SignalConnection {
        signal.connector(RawPointer(pointer), signal.name, handler)
    }
}

// MARK: - The signals Lectern uses, by C signature

extension Signal where Handler == @MainActor () -> Void {
    private static func plain(_ name: String) -> Self { Signal(name: name, connector: Signals.connect) }
    /// A signal whose one argument (a `GParamSpec`, a key name) the handler does not need.
    private static func ignoringArgument(_ name: String) -> Self {
        Signal(name: name) { instance, name, handler in Signals.connectWithPointer(instance, name) { _ in handler() } }
    }

    /// `GtkButton::clicked`.
    public static var clicked: Self { plain("clicked") }
    /// `GtkToggleButton::toggled`.
    public static var toggled: Self { plain("toggled") }
    /// `GtkEntry::activate` (Enter), `GApplication::activate`.
    public static var activate: Self { plain("activate") }
    /// `GtkSearchEntry::search-changed`.
    public static var searchChanged: Self { plain("search-changed") }
    /// `GtkRange::value-changed`.
    public static var valueChanged: Self { plain("value-changed") }
    /// `GtkFontButton::font-set`.
    public static var fontSet: Self { plain("font-set") }
    /// `GtkEventControllerFocus::leave`: the focus left the widget.
    public static var leave: Self { plain("leave") }
    /// `GtkColorButton::color-set`: the user chose a colour.
    public static var colorSet: Self { plain("color-set") }
    /// `GtkPopover::closed`.
    public static var closed: Self { plain("closed") }
    /// `GtkWidget::map` and `::unmap`.
    public static var map: Self { plain("map") }
    public static var unmap: Self { plain("unmap") }
    /// `GApplication::startup` and `::shutdown`.
    public static var startup: Self { plain("startup") }
    public static var shutdown: Self { plain("shutdown") }
    /// `GdkFrameClock` phases of one frame.
    public static var beforePaint: Self { plain("before-paint") }
    public static var layout: Self { plain("layout") }
    public static var afterPaint: Self { plain("after-paint") }
    /// `GObject::notify::<property>`: the property changed.
    public static func notify(_ property: String) -> Self { ignoringArgument("notify::" + property) }
    /// `GSettings::changed::<key>`.
    public static func settingChanged(_ key: String) -> Self { ignoringArgument("changed::" + key) }
}

extension Signal where Handler == @MainActor () -> Bool {
    /// `GtkWindow::close-request`: return true to keep the window open.
    public static var closeRequest: Self { Signal(name: "close-request", connector: Signals.connectReturningBool) }
}

extension Signal where Handler == @MainActor (_ uri: String) -> Bool {
    /// `GtkLabel::activate-link`: return true when the link was dealt with (GTK then does not
    /// open it itself).
    public static var activateLink: Self {
        Signal(name: "activate-link") { instance, name, handler in
            Signals.connectWithPointerReturningInt(instance, name) { uri in
                handler(string(uri?.assumingMemoryBound(to: CChar.self)) ?? "") ? 1 : 0
            }
        }
    }
}

extension Signal where Handler == @MainActor (_ response: Int32) -> Void {
    /// `GtkDialog::response` and `GtkNativeDialog::response` (a `GtkResponseType` value).
    public static var response: Self {
        Signal(name: "response") { instance, name, handler in
            Signals.connectWithUInt(instance, name) { handler(Int32(bitPattern: $0)) }
        }
    }
}

extension Signal where Handler == @MainActor (_ position: UInt32) -> Void {
    /// `GtkListView::activate`: the row at `position` was activated (Enter, double click).
    public static var activateRow: Self { Signal(name: "activate", connector: Signals.connectWithUInt) }
}

extension Signal where Handler == @MainActor (_ item: OpaquePointer) -> Void {
    private static func listItem(_ name: String) -> Self {
        Signal(name: name) { instance, name, handler in
            Signals.connectWithPointer(instance, name) { item in
                if let item { handler(OpaquePointer(item)) }
            }
        }
    }

    /// `GtkSignalListItemFactory` phases of a `GtkListItem`: made, shown, dropped.
    public static var setup: Self { listItem("setup") }
    public static var bind: Self { listItem("bind") }
    public static var teardown: Self { listItem("teardown") }
}

extension Signal where Handler == @MainActor (_ row: UnsafeMutablePointer<GtkListBoxRow>?) -> Void {
    /// `GtkListBox::row-activated`: a click on the row, or Enter.
    public static var rowActivated: Self {
        Signal(name: "row-activated") { instance, name, handler in
            Signals.connectWithPointer(instance, name) { row in handler(row.map { cast($0) }) }
        }
    }

    /// `GtkListBox::row-selected` (nil when the selection was cleared).
    public static var rowSelected: Self {
        Signal(name: "row-selected") { instance, name, handler in
            Signals.connectWithPointer(instance, name) { row in handler(row.map { cast($0) }) }
        }
    }
}

extension Signal where Handler == @MainActor (_ child: UnsafeMutablePointer<GtkFlowBoxChild>) -> Void {
    /// `GtkFlowBox::child-activated`.
    public static var childActivated: Self {
        Signal(name: "child-activated") { instance, name, handler in
            Signals.connectWithPointer(instance, name) { child in
                if let child { handler(cast(child)) }
            }
        }
    }
}

extension Signal where Handler == @MainActor (_ keyval: UInt32, _ keycode: UInt32, _ state: GdkModifierType) -> Bool {
    /// `GtkEventControllerKey::key-pressed`: return true when the key was handled.
    public static var keyPressed: Self { Signal(name: "key-pressed", connector: Signals.connectKeyPressed) }
}

extension Signal where Handler == @MainActor (UnsafePointer<GValue>) -> Bool {
    /// `GtkDropTarget::drop`: the dropped value; return true when it was taken.
    public static var drop: Self { Signal(name: "drop", connector: Signals.connectDrop) }
}

extension Signal where Handler == @MainActor (_ count: Int32, _ x: Double, _ y: Double) -> Void {
    /// `GtkGestureClick::pressed` and `::released`.
    public static var pressed: Self { Signal(name: "pressed", connector: Signals.connectPressed) }
    public static var released: Self { Signal(name: "released", connector: Signals.connectPressed) }
}

extension Signal where Handler == @MainActor (_ x: Double, _ y: Double) -> Void {
    /// `GtkGestureDrag::drag-begin` (the start point) and `::drag-end` (the offset from it).
    public static var dragBegin: Self { Signal(name: "drag-begin", connector: Signals.connectPoint) }
    public static var dragEnd: Self { Signal(name: "drag-end", connector: Signals.connectPoint) }
    /// `GtkGestureLongPress::pressed`: held still long enough, at this point.
    public static var longPressed: Self { Signal(name: "pressed", connector: Signals.connectPoint) }
    /// `GtkEventControllerMotion::motion`: the pointer moved, to this point.
    public static var motion: Self { Signal(name: "motion", connector: Signals.connectPoint) }
}

extension Signal where Handler == @MainActor (_ event: GFileMonitorEvent) -> Void {
    /// `GFileMonitor::changed`.
    public static var fileChanged: Self {
        Signal(name: "changed") { instance, _, handler in
            Signals.connectFileMonitor(instance) { handler(GFileMonitorEvent(rawValue: $0)) }
        }
    }
}

extension Signal where Handler == @MainActor (_ commandLine: ApplicationCommandLine) -> Int32 {
    /// `GApplication::command-line`: a launch (this process's or a forwarded one); return
    /// its exit status. The launcher waits for its answer while the `ApplicationCommandLine` lives.
    public static var commandLine: Self {
        Signal(name: "command-line") { instance, name, handler in
            Signals.connectWithPointerReturningInt(instance, name) { commandLine in
                guard let commandLine else { return 1 }
                return handler(ApplicationCommandLine(retaining: commandLine.assumingMemoryBound(to: GApplicationCommandLine.self)))
            }
        }
    }
}

extension Signal where Handler == @MainActor (_ options: UnsafeMutablePointer<GVariantDict>) -> Int32 {
    /// `GApplication::handle-local-options`: return an exit status, or -1 to go on.
    public static var handleLocalOptions: Self {
        Signal(name: "handle-local-options") { instance, name, handler in
            Signals.connectWithPointerReturningInt(instance, name) { dict in
                guard let dict else { return -1 }
                return handler(dict.assumingMemoryBound(to: GVariantDict.self))
            }
        }
    }
}
