import CGtk4
import GtkBridge
import Localization

/// What a screen reader hears (GTK's accessible properties are variadic in C, so they are
/// set through a GValue). GTK 4.8 names a control only from its label or these properties, never
/// from its tooltip: an icon-only control gets both through `name(_:_:)`.
@MainActor
enum Accessibility {
    static func setLabel(_ widget: WidgetPointer, _ label: String) {
        set(GTK_ACCESSIBLE_PROPERTY_LABEL, of: widget, to: label)
        // A drop-down's or font button's focus is on its inner button: it needs the name too.
        if lectern_focus_is_inner(widget) != 0, let inner = gtk_widget_get_first_child(widget) { setLabel(inner, label) }
    }

    /// An icon-only control's tooltip and accessible name. (A menu button's inner button, which
    /// takes the focus, is labelled by the menu button.)
    static func name(_ widget: WidgetPointer, _ label: String, tooltip: String? = nil) {
        gtk_widget_set_tooltip_text(widget, tooltip ?? label)
        setLabel(widget, label)
    }

    /// Names the list row that holds `content` (a list box row or a list view's item), the
    /// object a screen reader reads as the user moves through the list.
    static func labelRow(holding content: WidgetPointer, _ label: String) {
        setLabel(gtk_widget_get_parent(content) ?? content, label)
    }

    /// A heading's level (1 to 6), read out with it.
    static func setLevel(_ widget: WidgetPointer, _ level: Int) {
        var value = GValue()
        g_value_init(&value, lectern_type_int())
        g_value_set_int(&value, Int32(level))
        var property = GTK_ACCESSIBLE_PROPERTY_LEVEL
        gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &value)
        g_value_unset(&value)
    }

    /// Names the links of a paragraph in its description. GTK 4.8 does not give a label's
    /// inline links objects of their own (GTK 4.12 does); Tab still moves between them and
    /// Enter follows one.
    static func describeLinks(of paragraph: WidgetPointer, _ links: [String]) {
        guard !links.isEmpty else { return }
        // Translators: read out after a paragraph that has links; {links} lists their texts.
        set(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, of: paragraph, to: tr("Links: {links}", ["links": LocaleFormats.list(links)]))
    }

    private static func set(_ property: GtkAccessibleProperty, of widget: WidgetPointer, to text: String) {
        var value = GValue()
        g_value_init(&value, lectern_type_string())
        g_value_set_string(&value, text)
        var property = property
        gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &value)
        g_value_unset(&value)
    }

    /// Leaves a decorative image out of what a screen reader reads (its meaning is in a label).
    static func hide(_ widget: WidgetPointer) {
        var value = GValue()
        g_value_init(&value, lectern_type_boolean())
        g_value_set_boolean(&value, 1)
        var state = GTK_ACCESSIBLE_STATE_HIDDEN
        gtk_accessible_update_state_value(OpaquePointer(widget), 1, &state, &value)
        g_value_unset(&value)
    }
}
