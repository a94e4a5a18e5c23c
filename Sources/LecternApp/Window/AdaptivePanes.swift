import CGtk4
import GtkBridge

/// The main window's three panes — sidebar, article list, reader — arranged for the window's
/// width (`PaneLayout`): side by side; the list and reader with the sidebar folded over them
/// (opened by the header's button or F9, closed by a choice, Escape or a click beside it); or
/// one at a time (`NarrowPane`), with Back. The panes stay in their two `GtkPaned`s, and a
/// change of layout only shows and hides them: nothing is rebuilt or moved, so nothing restyles
/// (a moved widget would: its CSS ancestors change), the selection and the list's scroll
/// position stay, and the focus stays where it was when its pane is still on screen. Only the
/// folded sidebar, opened, moves over the list, and back when it closes.
@MainActor
final class AdaptivePanes {
    /// What the window shows: the panes, and the folded sidebar over them.
    let widget: WidgetPointer
    private(set) var layout: PaneLayout
    private(set) var narrowPane: NarrowPane
    private(set) var sidebarOpen = false
    /// The layout, the narrow pane or the folded sidebar changed (the header shows what fits).
    var onChange: (@MainActor () -> Void)?
    /// Told when the window's width begins to change (true) and when it has rested (false).
    var onResize: (@MainActor (Bool) -> Void)?
    /// How a pane that comes forward takes the focus, where its first control is not the place
    /// (the list's rows, not its search field: on a phone that would bring up the keyboard).
    var focusers: [NarrowPane: @MainActor () -> Void] = [:]

    private let outer = created(gtk_paned_new(GTK_ORIENTATION_HORIZONTAL))
    private let inner = created(gtk_paned_new(GTK_ORIENTATION_HORIZONTAL))
    private let flap = created(gtk_revealer_new())
    private let flapHolder = Widgets.box(GTK_ORIENTATION_VERTICAL, classes: ["sidebar-flap"], [])
    /// The three panes, each held by a reference of its own (the sidebar moves into the flap).
    private var panes: [NarrowPane: WidgetPointer] = [:]
    /// The sidebar and the list drawn from images while the window's edge is dragged.
    private var paneImages: PaneImages?
    private let widthChanges = WidthChanges()
    private var width = 0
    /// The folded sidebar takes the focus once it is on screen (the revealer maps it on its
    /// first frame; focused before, its rows could not take it).
    private var sidebarFocusPending = false

    init(layout: PaneLayout, narrowPane: NarrowPane, sidebarWidth: Int, listWidth: Int) {
        self.layout = layout
        self.narrowPane = narrowPane
        Self.configure(inner, position: Int32(listWidth))
        Self.configure(outer, position: Int32(sidebarWidth))
        gtk_paned_set_end_child(OpaquePointer(outer), inner)
        Widgets.addClasses(outer, ["main-panes"])
        gtk_widget_set_size_request(flapHolder, Int32(sidebarWidth), -1)   // as wide as it was beside the list
        gtk_revealer_set_child(OpaquePointer(flap), flapHolder)
        let rightToLeft = gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL
        gtk_revealer_set_transition_type(OpaquePointer(flap), rightToLeft ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT
                                                                          : GTK_REVEALER_TRANSITION_TYPE_SLIDE_RIGHT)
        gtk_widget_set_halign(flap, GTK_ALIGN_START)
        gtk_widget_set_visible(flap, 0)
        widget = created(gtk_overlay_new())
        gtk_overlay_set_child(OpaquePointer(widget), outer)
        gtk_overlay_add_overlay(OpaquePointer(widget), flap)
        Widgets.expand(widget)
        connect(flap, .notify("child-revealed")) { [weak self] in
            guard let self, !sidebarOpen, gtk_revealer_get_child_revealed(OpaquePointer(flap)) == 0 else { return }
            foldedAway()
        }
        closeOnClickBeside()
        backOnEdgeSwipe()
        widthChanges.onStart = { [weak self] in self?.onResize?(true) }
        widthChanges.onDrag = { [weak self] in self?.paneImages?.hold(true) }
        widthChanges.onRest = { [weak self] in
            self?.paneImages?.hold(false)
            self?.onResize?(false)
        }
    }

    /// The panes to arrange (the placeholders first, the library's once it is open).
    func setPanes(sidebar bareSidebar: WidgetPointer, list bareList: WidgetPointer, reader: WidgetPointer) {
        let images = PaneImages(sidebar: bareSidebar, list: bareList)
        paneImages = images
        let (sidebar, list) = (images.sidebar, images.list)
        if sidebarOpen || gtk_widget_get_parent(panes[.sidebar] ?? sidebar) == flapHolder { closeFlapAtOnce() }
        for pane in panes.values { g_object_unref(pane) }
        panes = [.sidebar: sidebar, .list: list, .reader: reader]
        for pane in panes.values { g_object_ref_sink(pane) }
        gtk_paned_set_start_child(OpaquePointer(outer), sidebar)
        gtk_paned_set_start_child(OpaquePointer(inner), list)
        gtk_paned_set_end_child(OpaquePointer(inner), reader)
        connect(sidebar, .map) { [weak self] in
            guard let self, sidebarFocusPending else { return }
            sidebarFocusPending = false
            focus(.sidebar)
        }
        showPanes()
    }

    /// The window's width changed: a new layout when it crossed a breakpoint.
    func fit(width: Int) {
        guard width != self.width else { return }
        self.width = width
        widthChanges.changed()
        let wanted = PaneLayout(width: width)
        guard wanted != layout else { return }
        let focus = keptFocus()
        if sidebarOpen { closeFlapAtOnce() }
        layout = wanted
        showPanes()
        restore(focus)
        onChange?()
    }

    /// The narrow layout shows `pane` (the other layouts remember it for when they narrow).
    func show(_ pane: NarrowPane) {
        guard pane != narrowPane else { return }
        narrowPane = pane
        guard layout == .narrow else { return }
        showPanes()
        focus(pane)
        onChange?()
    }

    /// Back: the narrow layout's previous pane, or the folded sidebar closed. False when there is
    /// nowhere to go back to (Escape is then left to others).
    @discardableResult
    func goBack() -> Bool {
        switch layout {
        case .narrow:
            guard let back = narrowPane.back else { return false }
            show(back)
            return true
        case .medium:
            guard sidebarOpen else { return false }
            setSidebarOpen(false)
            return true
        case .wide:
            return false
        }
    }

    /// F9 and the header's sidebar button: the folded sidebar opened or closed; in the narrow
    /// layout, the sidebar shown (or left for the list).
    func toggleSidebar() {
        switch layout {
        case .medium: setSidebarOpen(!sidebarOpen)
        case .narrow: show(narrowPane == .sidebar ? .list : .sidebar)
        case .wide: break
        }
    }

    /// A view or feed was chosen in the sidebar (a click, Enter): its list comes forward.
    func viewChosen() {
        if layout == .medium { setSidebarOpen(false) }
        show(.list)
    }

    /// The user asked to read the chosen article: the narrow layout shows the reader. False when
    /// the reader was in view already.
    func readerWanted() -> Bool {
        guard layout == .narrow, narrowPane != .reader else { return false }
        show(.reader)
        return true
    }

    /// The focus to where a window opening starts: the sidebar when it shows, else the pane shown
    /// first (never the list's search field, which on a phone would bring up the keyboard).
    func focusFirstPane() {
        switch layout {
        case .wide: focus(.sidebar)
        case .medium: focus(.list)
        case .narrow: focus(narrowPane)
        }
    }

    /// The pane widths the user dragged to (the wide layout's), to remember.
    var paneWidths: (sidebar: Int, list: Int) {
        (Int(gtk_paned_get_position(OpaquePointer(outer))), Int(gtk_paned_get_position(OpaquePointer(inner))))
    }

    /// The panes on screen now, in the order F6 visits them.
    var shownPanes: [WidgetPointer] {
        [NarrowPane.sidebar, .list, .reader].compactMap { panes[$0] }.filter { gtk_widget_get_mapped($0) != 0 }
    }

    /// The folded sidebar opened over the list (moved into the flap) or closed (moved back once
    /// the flap has slid away).
    private func setSidebarOpen(_ open: Bool) {
        guard layout == .medium, open != sidebarOpen, let sidebar = panes[.sidebar] else { return }
        sidebarOpen = open
        if open {
            if gtk_widget_get_parent(sidebar) == outer { gtk_paned_set_start_child(OpaquePointer(outer), nil) }
            if gtk_widget_get_parent(sidebar) == nil {
                gtk_widget_set_visible(sidebar, 1)
                gtk_widget_set_vexpand(sidebar, 1)
                gtk_box_append(cast(flapHolder), sidebar)
            }
            gtk_widget_set_visible(flap, 1)
        }
        gtk_revealer_set_reveal_child(OpaquePointer(flap), open ? 1 : 0)
        sidebarFocusPending = open
        onChange?()
    }

    /// The flap has slid away: the sidebar goes back to its place beside the list (hidden).
    private func foldedAway() {
        gtk_widget_set_visible(flap, 0)   // out of the focus chain and the accessibility tree
        guard let sidebar = panes[.sidebar], gtk_widget_get_parent(sidebar) == flapHolder else { return }
        gtk_box_remove(cast(flapHolder), sidebar)
        gtk_paned_set_start_child(OpaquePointer(outer), sidebar)
        showPanes()
    }

    /// The flap closed without its slide (the layout is changing).
    private func closeFlapAtOnce() {
        sidebarOpen = false
        sidebarFocusPending = false
        gtk_revealer_set_reveal_child(OpaquePointer(flap), 0)
        foldedAway()
    }

    /// The focus into `pane`: its own focuser's choice, or else its first control unless the focus
    /// is in it already (moving it on in the sidebar's list would choose the next view).
    private func focus(_ pane: NarrowPane) {
        guard let widget = panes[pane] else { return }
        if let focuser = focusers[pane] { return focuser() }
        if Widgets.holdsFocus(widget) { return }
        _ = gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD)
    }

    /// Shows the panes the layout has on screen and hides the others (a hidden pane is neither
    /// measured nor drawn; a `GtkPaned` gives the whole width to the one child left).
    private func showPanes() {
        guard let sidebar = panes[.sidebar], let list = panes[.list], let reader = panes[.reader] else { return }
        let shown: Set<NarrowPane> = switch layout {
        case .wide: [.sidebar, .list, .reader]
        case .medium: [.list, .reader]
        case .narrow: [narrowPane]
        }
        if gtk_widget_get_parent(sidebar) == outer { gtk_widget_set_visible(sidebar, shown.contains(.sidebar) ? 1 : 0) }
        gtk_widget_set_visible(list, shown.contains(.list) ? 1 : 0)
        gtk_widget_set_visible(reader, shown.contains(.reader) ? 1 : 0)
        gtk_widget_set_visible(inner, shown.contains(.list) || shown.contains(.reader) ? 1 : 0)
    }

    /// The focused widget and its pane, held across a change of layout.
    private func keptFocus() -> (widget: WidgetPointer, pane: NarrowPane)? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
              let pane = panes.first(where: { focus == $0.value || gtk_widget_is_ancestor(focus, $0.value) != 0 })?.key
        else { return nil }
        g_object_ref(focus)
        return (focus, pane)
    }

    private func restore(_ focus: (widget: WidgetPointer, pane: NarrowPane)?) {
        guard let focus else { return }
        // Narrowed while reading or in the list: that pane stays; from the sidebar (where a window
        // opens with the focus), the pane last shown narrow, the list unless chosen otherwise.
        if layout == .narrow, focus.pane != .sidebar { show(focus.pane) }
        // Its pane folded away (the sidebar of a window narrowed to two panes): the first pane
        // shown takes it, rather than GTK's choice, the hidden pane's parent (the panes' divider).
        if gtk_widget_get_mapped(focus.widget) != 0 { gtk_widget_grab_focus(focus.widget) } else { focusFirstPane() }
        g_object_unref(focus.widget)
    }

    /// A click on the list or the reader closes the folded sidebar (the click still reaches them).
    private func closeOnClickBeside() {
        let click = created(gtk_gesture_click_new())
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        connect(click, .pressed) { [weak self] _, _, _ in
            guard let self, sidebarOpen else { return }
            setSidebarOpen(false)
        }
        gtk_widget_add_controller(outer, click)
    }

    /// In the narrow layout, a swipe from the window's leading edge (the left; the right in a
    /// right-to-left language) goes back, as on a phone: a finger, or the mouse, put down within
    /// 32 px of the edge and dragged inwards further than it moved up or down, and at least a
    /// sixth of the width. Anything else is left to the panes (a drag that starts elsewhere is
    /// refused at once, so selecting text or scrolling is untouched).
    private func backOnEdgeSwipe() {
        let drag = created(gtk_gesture_drag_new())
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        var fromEdge = false
        var rightToLeft = false
        connect(drag, .dragBegin) { [weak self] x, _ in
            guard let self else { return }
            rightToLeft = gtk_widget_get_direction(outer) == GTK_TEXT_DIR_RTL
            let width = Double(gtk_widget_get_width(outer))
            fromEdge = layout == .narrow && (rightToLeft ? width - x : x) <= 32
            if !fromEdge { gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED) }
        }
        connect(drag, .dragEnd) { [weak self] dx, dy in
            guard let self, fromEdge else { return }
            fromEdge = false
            let inwards = rightToLeft ? -dx : dx
            guard inwards > max(60, Double(gtk_widget_get_width(outer)) / 6), inwards > abs(dy) else { return }
            if goBack() { gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED) }
        }
        gtk_widget_add_controller(outer, drag)
    }

    private static func configure(_ paned: WidgetPointer, position: Int32) {
        let typed = OpaquePointer(paned)
        gtk_paned_set_resize_start_child(typed, 0)
        gtk_paned_set_shrink_start_child(typed, 0)
        gtk_paned_set_shrink_end_child(typed, 0)
        gtk_paned_set_position(typed, position)
    }
}
