import CGtk4
import Foundation
import GtkBridge
import Localization

/// Small modal questions: a line of text, or a confirmation.
@MainActor
enum Prompts {
    /// Asks for a line of text; `done` gets the trimmed text when the user accepts.
    static func text(parent: WidgetPointer?, title: String, label: String, initial: String, accept: String,
                     done: @escaping @MainActor (String) -> Void) {
        let dialog = created(gtk_window_new())
        let window: UnsafeMutablePointer<GtkWindow> = cast(dialog)
        gtk_window_set_title(window, title)
        gtk_window_set_modal(window, 1)
        gtk_window_set_default_size(window, 380, -1)
        if let parent { gtk_window_set_transient_for(window, cast(parent)) }
        let entry = created(gtk_entry_new())
        gtk_editable_set_text(OpaquePointer(entry), initial)
        Accessibility.setLabel(entry, label)
        let cancel = Widgets.textButton(tr("Cancel"), classes: ["secondary"])
        let ok = Widgets.textButton(accept, classes: ["primary"])
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [cancel, ok])
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        gtk_window_set_child(window, Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["prompt"], [
            Widgets.label(label, classes: ["prompt-label"]), entry, buttons,
        ]))
        let submit: @MainActor () -> Void = {
            let text = (string(gtk_editable_get_text(OpaquePointer(entry))) ?? "").trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return }
            gtk_window_destroy(window)
            done(text)
        }
        connect(ok, .clicked, submit)
        connect(entry, .activate, submit)
        connect(cancel, .clicked) { gtk_window_destroy(window) }
        Keyboard.onEscape(dialog) { gtk_window_destroy(window) }
        gtk_window_present(window)
    }

    /// Asks for confirmation of a destructive step; `done` runs only when confirmed.
    static func confirm(parent: WidgetPointer?, message: String, detail: String, accept: String,
                        done: @escaping @MainActor () -> Void) {
        let parentWindow: UnsafeMutablePointer<GtkWindow>? = parent.map { cast($0) }
        let dialog = created(lectern_message_dialog_new(parentWindow, GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, message))
        Properties.setString(UnsafeMutableRawPointer(dialog), "secondary-text", detail)
        gtk_dialog_add_button(cast(dialog), tr("Cancel"), GTK_RESPONSE_CANCEL.rawValue)
        if let button = gtk_dialog_add_button(cast(dialog), accept, GTK_RESPONSE_ACCEPT.rawValue) {
            gtk_widget_add_css_class(button, "destructive-action")
        }
        connect(dialog, .response) { response in
            gtk_window_destroy(cast(dialog))
            if response == GTK_RESPONSE_ACCEPT.rawValue { done() }
        }
        gtk_window_present(cast(dialog))
    }
}
