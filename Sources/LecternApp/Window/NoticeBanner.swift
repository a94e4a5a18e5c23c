import CGtk4
import GtkBridge
import Localization

/// A calm banner above the panes for things the user should know once (settings that
/// could not be read, a theme that fell back). Errors inline, never a stack of dialogs.
@MainActor
final class NoticeBanner {
    private let bar: SlidingBar
    var widget: WidgetPointer { bar.widget }
    private let label: WidgetPointer
    private var messages: [String] = []

    init() {
        label = Widgets.label("", classes: ["notice-text"], wrap: true)
        Widgets.expand(label, vertical: false)
        let close = Widgets.iconButton("window-close-symbolic", tooltip: tr("Dismiss"), classes: ["flat", "notice-close"])
        let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["notice-banner"], [
            Widgets.icon("dialog-warning-symbolic", classes: ["notice-icon"]), label, close,
        ])
        bar = SlidingBar(row)
        connect(close, .clicked) { [weak self] in self?.dismiss() }
    }

    func show(_ message: String) {
        guard !messages.contains(message) else { return }
        messages.append(message)
        gtk_label_set_text(OpaquePointer(label), messages.joined(separator: "\n"))
        bar.show()
    }

    var text: String { messages.joined(separator: "\n") }

    private func dismiss() {
        messages = []
        bar.hide()
    }
}
