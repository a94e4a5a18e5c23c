import CGtk4
import GtkBridge
import Localization

/// A short-lived bar with an Undo button (after marking everything read); Ctrl+Z does the
/// same while it shows.
@MainActor
final class UndoBar {
    private let bar: SlidingBar
    var widget: WidgetPointer { bar.widget }
    /// Told when there comes to be something to undo, and when there is no longer.
    var onAvailabilityChange: (@MainActor (Bool) -> Void)?
    private let label: WidgetPointer
    private var undo: (@MainActor () -> Void)?
    private var hideTimer: MainLoop.Source?

    init() {
        label = Widgets.label("", classes: ["undo-text"])
        Widgets.expand(label, vertical: false)
        let button = Widgets.textButton(tr("Undo"), classes: ["ghost"])
        bar = SlidingBar(Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["undo-bar"], [label, button]))
        connect(button, .clicked) { [weak self] in self?.perform() }
    }

    /// Undoes the last change shown, if the bar still offers it.
    func perform() {
        undo?()
        hide()
    }

    func show(_ message: String, undo: @escaping @MainActor () -> Void) {
        self.undo = undo
        gtk_label_set_text(OpaquePointer(label), message)
        bar.show()
        onAvailabilityChange?(true)
        hideTimer?.remove()
        hideTimer = MainLoop.timeout(milliseconds: 10_000) { [weak self] in self?.hide(); return false }
    }

    private func hide() {
        undo = nil
        bar.hide()
        onAvailabilityChange?(false)
    }
}
