import CGtk4
import GtkBridge

/// A bar that slides down above the panes and is hidden while it is away. GTK measures
/// and restyles a concealed `GtkRevealer`'s child (it only stops drawing it), so a theme
/// switch would pay for bars nobody sees; hidden, they cost nothing.
@MainActor
final class SlidingBar {
    let widget: WidgetPointer

    init(_ content: WidgetPointer) {
        widget = gtk_revealer_new()
        let revealer = OpaquePointer(widget)
        gtk_revealer_set_transition_type(revealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        gtk_revealer_set_child(revealer, content)
        gtk_widget_set_visible(widget, 0)
        connect(widget, .notify("child-revealed")) { [weak self] in
            self?.hideOnceAway()
        }
    }

    func show() {
        gtk_widget_set_visible(widget, 1)
        gtk_revealer_set_reveal_child(OpaquePointer(widget), 1)
    }

    /// Slides the bar away; it is hidden when the slide is over.
    func hide() {
        gtk_revealer_set_reveal_child(OpaquePointer(widget), 0)
        hideOnceAway()
    }

    private func hideOnceAway() {
        let revealer = OpaquePointer(widget)
        if gtk_revealer_get_reveal_child(revealer) == 0, gtk_revealer_get_child_revealed(revealer) == 0 {
            gtk_widget_set_visible(widget, 0)
        }
    }
}
