import CGtk4
import GtkBridge
import Library
import Localization

/// The reader's Labels button (l): a popover with a check box per label of the article's
/// library, and — where labels can be made — a field for a new one, put on the article at once.
/// What it offers is read each time it opens.
@MainActor
final class LabelsButton {
    /// What the popover offers for the shown article.
    struct Offer {
        var labels: [(label: Label, on: Bool)]
        /// Whether a new label can be made here (an account's server may only take its own).
        var canCreate: Bool
        /// Said when there is nothing to choose and nothing can be made.
        var note: String?
    }

    let widget: WidgetPointer
    /// The offer for the article shown; nil hides the button (a server without labels).
    var offer: (@MainActor () -> Offer?)?
    var onToggle: (@MainActor (_ labelID: Int64, _ on: Bool) -> Void)?
    /// Makes a label and puts it on the article; returns what went wrong, in plain words.
    var onCreate: (@MainActor (String) -> String?)?
    private let popover: WidgetPointer
    private let choices: WidgetPointer
    private let entry: WidgetPointer
    private let status: WidgetPointer

    init() {
        choices = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, classes: ["label-choices"])
        entry = gtk_entry_new()
        // Translators: the placeholder of the field that makes a new label.
        Properties.setString(UnsafeMutableRawPointer(entry), "placeholder-text", tr("New label"))
        Accessibility.setLabel(entry, tr("New label"))
        status = Widgets.label("", classes: ["label-status"], wrap: true)
        gtk_label_set_max_width_chars(OpaquePointer(status), 30)
        gtk_widget_set_visible(status, 0)
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: ["labels-popover"], [
            Widgets.label(tr("Labels"), classes: ["labels-title"]), choices, entry, status,
        ])
        popover = gtk_popover_new()
        gtk_popover_set_child(cast(popover), content)
        widget = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(OpaquePointer(widget), "lectern-label-symbolic")
        gtk_menu_button_set_popover(OpaquePointer(widget), popover)
        Widgets.addClasses(widget, ["flat", "labels-button"])
        // Translators: the button of an article's labels (and its popover's title); in the tooltip, (l) is the key that opens it.
        Accessibility.name(widget, tr("Labels"), tooltip: tr("Labels (l)"))
        connect(popover, .notify("visible")) { [weak self] in
            guard let self, gtk_widget_get_visible(popover) != 0 else { return }
            fill()
        }
        connect(entry, .activate) { [weak self] in self?.create() }
    }

    func open() {
        guard gtk_widget_get_visible(widget) != 0, gtk_widget_get_mapped(widget) != 0 else { return }
        gtk_menu_button_popup(OpaquePointer(widget))
    }

    private func fill() {
        while let child = gtk_widget_get_first_child(choices) { gtk_box_remove(cast(choices), child) }
        gtk_widget_set_visible(status, 0)
        guard let offer = offer?() else { return gtk_popover_popdown(cast(popover)) }
        for (label, on) in offer.labels {
            let check = created(gtk_check_button_new_with_label(label.name))
            gtk_check_button_set_active(cast(check), on ? 1 : 0)
            connect(check, .toggled) { [weak self] in
                self?.onToggle?(label.id, gtk_check_button_get_active(cast(check)) != 0)
            }
            gtk_box_append(cast(choices), check)
        }
        gtk_widget_set_visible(choices, offer.labels.isEmpty ? 0 : 1)
        gtk_widget_set_visible(entry, offer.canCreate ? 1 : 0)
        gtk_editable_set_text(OpaquePointer(entry), "")
        if let note = offer.note, offer.labels.isEmpty, !offer.canCreate { say(note) }
        if offer.canCreate { gtk_widget_grab_focus(entry) } else if let first = gtk_widget_get_first_child(choices) { gtk_widget_grab_focus(first) }
    }

    private func create() {
        let name = string(gtk_editable_get_text(OpaquePointer(entry))) ?? ""
        if let problem = onCreate?(name) { return say(problem) }
        fill()
    }

    private func say(_ text: String) {
        gtk_label_set_text(OpaquePointer(status), text)
        gtk_widget_set_visible(status, 1)
    }
}
