import CGtk4

// Small constructors for the widgets views are built from. Views use CSS classes only;
// colours, fonts and spacing come from the stylesheet and the theme's tokens. A new
// widget's floating reference is taken by the container it is added to.

public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

public enum Widgets {
    /// Adds CSS classes to a widget.
    @MainActor
    public static func addClasses(_ widget: WidgetPointer, _ classes: [String]) {
        for name in classes { gtk_widget_add_css_class(widget, name) }
    }

    /// A label with `classes`; `wrap` lets it break lines.
    @MainActor
    public static func label(_ text: String, classes: [String] = [], wrap: Bool = false,
                             xalign: Float = 0, role: GtkAccessibleRole? = nil) -> WidgetPointer {
        let label = created(role.map { lectern_label_new_with_role(text, $0) } ?? gtk_label_new(text))
        let typed = OpaquePointer(label)
        gtk_label_set_xalign(typed, xalign)
        if wrap {
            gtk_label_set_wrap(typed, 1)
            gtk_label_set_wrap_mode(typed, PANGO_WRAP_WORD_CHAR)
        } else {
            gtk_label_set_ellipsize(typed, PANGO_ELLIPSIZE_END)
        }
        addClasses(label, classes)
        return label
    }

    /// A vertical or horizontal box holding `children`.
    @MainActor
    public static func box(_ orientation: GtkOrientation, spacing: Int32 = 0, classes: [String] = [],
                           _ children: [WidgetPointer] = []) -> WidgetPointer {
        let box = created(gtk_box_new(orientation, spacing))
        let typed: UnsafeMutablePointer<GtkBox> = cast(box)
        for child in children { gtk_box_append(typed, child) }
        addClasses(box, classes)
        return box
    }

    /// An icon from the icon theme at a pixel size.
    @MainActor
    public static func icon(_ name: String, size: Int32 = 16, classes: [String] = []) -> WidgetPointer {
        let image = created(gtk_image_new_from_icon_name(name))
        gtk_image_set_pixel_size(OpaquePointer(image), size)
        addClasses(image, classes)
        return image
    }

    /// A flat button showing an icon, with a tooltip and, optionally, an action.
    @MainActor
    public static func iconButton(_ iconName: String, tooltip: String, action: String? = nil,
                                  classes: [String] = []) -> WidgetPointer {
        let button = created(gtk_button_new_from_icon_name(iconName))
        gtk_widget_set_tooltip_text(button, tooltip)
        if let action { gtk_actionable_set_action_name(OpaquePointer(button), action) }
        addClasses(button, classes)
        return button
    }

    /// A button with a text label and, optionally, an action.
    @MainActor
    public static func textButton(_ title: String, action: String? = nil, classes: [String] = []) -> WidgetPointer {
        let button = created(gtk_button_new_with_label(title))
        if let action { gtk_actionable_set_action_name(OpaquePointer(button), action) }
        addClasses(button, classes)
        return button
    }

    /// A drop-down offering `labels`, the first chosen.
    @MainActor
    public static func dropDown(_ labels: [String]) -> WidgetPointer {
        let list = created(gtk_string_list_new(nil))
        for label in labels { gtk_string_list_append(list, label) }
        return gtk_drop_down_new(list, nil)   // the drop-down owns the list
    }

    /// The widget's GType name ("GtkSearchEntry"), for finding the parts of GTK's own composite widgets.
    @MainActor
    public static func typeName(_ widget: WidgetPointer) -> String {
        String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)))
    }

    /// `parent`'s children, first to last.
    @MainActor
    public static func children(of parent: WidgetPointer) -> [WidgetPointer] {
        var found: [WidgetPointer] = []
        var child = gtk_widget_get_first_child(parent)
        while let current = child {
            found.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// `root` and every widget under it, depth first, in the order they are laid out.
    @MainActor
    public static func descendants(of root: WidgetPointer) -> [WidgetPointer] {
        var found = [root]
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            found += descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// True while the keyboard focus of `widget`'s window is on `widget` or on a widget inside it.
    @MainActor
    public static func holdsFocus(_ widget: WidgetPointer) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// Expands a widget to fill the space its parent offers.
    @MainActor
    public static func expand(_ widget: WidgetPointer, horizontal: Bool = true, vertical: Bool = true) {
        gtk_widget_set_hexpand(widget, horizontal ? 1 : 0)
        gtk_widget_set_vexpand(widget, vertical ? 1 : 0)
    }

    /// A scrolled window around a dialog's `child`: as large as the child asks when there is room
    /// (it propagates the child's natural size), scrolling either way when the window is made
    /// smaller than that, so that a dialog fits a 360 px screen.
    @MainActor
    public static func dialogScroller(_ child: WidgetPointer) -> WidgetPointer {
        let scroller = created(gtk_scrolled_window_new())
        let typed = OpaquePointer(scroller)
        gtk_scrolled_window_set_policy(typed, GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_width(typed, 1)
        gtk_scrolled_window_set_propagate_natural_height(typed, 1)
        gtk_scrolled_window_set_child(typed, child)
        return scroller
    }

    /// A scrolled window around `child`, scrolling vertically only. Its horizontal scrollbar,
    /// which never shows, is hidden as a widget too: GTK 4.8 otherwise restyles its four nodes
    /// with every theme switch (the sidebar, the list and the reader each have one).
    @MainActor
    public static func verticalScroller(_ child: WidgetPointer, classes: [String] = []) -> WidgetPointer {
        let scroller = created(gtk_scrolled_window_new())
        let typed = OpaquePointer(scroller)
        gtk_scrolled_window_set_policy(typed, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        if let across = gtk_scrolled_window_get_hscrollbar(typed) { gtk_widget_set_visible(across, 0) }
        gtk_scrolled_window_set_child(typed, child)
        addClasses(scroller, classes)
        return scroller
    }
}
