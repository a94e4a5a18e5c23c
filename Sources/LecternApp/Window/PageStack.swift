import CGtk4
import GtkBridge

/// A stack that shows one page and hides the others. GTK measures and restyles every
/// visible page of a `GtkStack`, shown or not, so a hidden empty state or last article
/// would be laid out again on every theme switch; here only the page on screen is.
/// A page being faded out stays visible until the transition is over.
@MainActor
final class PageStack {
    let widget: WidgetPointer
    private var pages: [(name: String, widget: WidgetPointer)] = []

    init(transition: GtkStackTransitionType = GTK_STACK_TRANSITION_TYPE_NONE) {
        widget = gtk_stack_new()
        gtk_stack_set_transition_type(OpaquePointer(widget), transition)
        Widgets.expand(widget)
        connect(widget, .notify("transition-running")) { [weak self] in
            self?.hideInactivePages()
        }
    }

    /// Adds a page; the first one added is shown.
    func add(_ page: WidgetPointer, name: String) {
        gtk_widget_set_visible(page, pages.isEmpty ? 1 : 0)
        pages.append((name, page))
        gtk_stack_add_named(OpaquePointer(widget), page, name)
    }

    /// Shows the page called `name`.
    func show(_ name: String) {
        guard let page = pages.first(where: { $0.name == name })?.widget else { return }
        gtk_widget_set_visible(page, 1)
        gtk_stack_set_visible_child(OpaquePointer(widget), page)
        hideInactivePages()
    }

    /// The name of the page on screen.
    var shown: String? {
        let current = gtk_stack_get_visible_child(OpaquePointer(widget))
        return pages.first { $0.widget == current }?.name
    }

    private func hideInactivePages() {
        let stack = OpaquePointer(widget)
        guard gtk_stack_get_transition_running(stack) == 0, let current = gtk_stack_get_visible_child(stack) else { return }
        for page in pages where page.widget != current {
            gtk_widget_set_visible(page.widget, 0)
        }
    }
}
