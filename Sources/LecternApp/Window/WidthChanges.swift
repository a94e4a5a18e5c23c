import CGtk4
import GtkBridge

/// The window's width changing — a drag of its edge, a maximize, a snap to half the screen — told
/// apart from the width at rest. A series of changes begins with its first and ends once the width
/// has rested a moment; a change coming right after another makes it a drag (a maximize or a snap
/// is one change).
@MainActor
final class WidthChanges {
    /// A change this soon after the last is a drag going on.
    static let dragGap: gint64 = 100_000   // µs
    /// The width resting this long ends the series.
    static let restMilliseconds: UInt32 = 300
    /// The width began to change.
    var onStart: (@MainActor () -> Void)?
    /// Two changes came in a row: the window's edge is being dragged.
    var onDrag: (@MainActor () -> Void)?
    /// The width has rested.
    var onRest: (@MainActor () -> Void)?
    private(set) var dragging = false
    private var lastChange: gint64 = 0
    private var rest: MainLoop.Source?

    /// The window's width changed.
    func changed() {
        let now = g_get_monotonic_time()
        defer { lastChange = now }
        if rest == nil { onStart?() }
        if !dragging, lastChange > 0, now - lastChange < Self.dragGap {
            dragging = true
            onDrag?()
        }
        rest?.remove()
        rest = MainLoop.timeout(milliseconds: Self.restMilliseconds) { [weak self] in
            guard let self else { return false }
            rest = nil
            dragging = false
            onRest?()
            return false
        }
    }

    isolated deinit {
        rest?.remove()
    }
}
