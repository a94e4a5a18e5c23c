import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// The Add Feed popover: an address entry (a page address is enough), errors in plain
/// words under it, and a choice when the page offers several feeds. With sync accounts, a
/// menu chooses where the feed goes: this computer, or an account (its server subscribes).
@MainActor
final class AddFeedPopover {
    let button: WidgetPointer
    private let popover: WidgetPointer
    private let entry: WidgetPointer
    private let status: WidgetPointer
    private let choices: WidgetPointer
    private let subscribe: WidgetPointer
    let destination: WidgetPointer
    private let destinations: OpaquePointer
    /// The accounts a feed can go to (read each time the popover opens).
    var accounts: @MainActor () -> [Account] = { [] }
    private var shownAccounts: [Account] = []
    /// Subscribes to an address, locally (nil) or in an account; calls back with an error,
    /// choices, or an empty list when done.
    var onSubscribe: (@MainActor (String, Account?, @escaping @MainActor (Result<[DiscoveredFeed], AddFeedFailure>) -> Void) -> Void)?

    init() {
        entry = gtk_entry_new()
        Properties.setString(UnsafeMutableRawPointer(entry), "placeholder-text", "https://example.org/blog")
        gtk_widget_set_size_request(entry, 320, -1)
        Accessibility.setLabel(entry, tr("Address"))
        subscribe = Widgets.textButton(tr("Subscribe"), classes: ["primary"])
        status = Widgets.label("", classes: ["add-feed-status"], wrap: true)
        gtk_label_set_max_width_chars(OpaquePointer(status), 40)
        choices = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4, classes: ["add-feed-choices"])
        destinations = created(gtk_string_list_new(nil))
        destination = gtk_drop_down_new(destinations, nil)   // the drop-down owns the list
        Accessibility.setLabel(destination, tr("Where the feed goes"))
        gtk_widget_set_visible(destination, 0)
        let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [entry, subscribe])
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: ["add-feed"], [
            Widgets.label(tr("Add a Feed"), classes: ["add-feed-title"]), row, destination, status, choices,
        ])
        popover = gtk_popover_new()
        gtk_popover_set_child(cast(popover), content)
        button = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(OpaquePointer(button), "list-add-symbolic")
        gtk_menu_button_set_popover(OpaquePointer(button), popover)
        Accessibility.name(button, tr("Add Feed"))
        connect(subscribe, .clicked) { [weak self] in self?.submit() }
        connect(popover, .notify("visible")) { [weak self] in self?.showDestinations() }
        connect(entry, .activate) { [weak self] in self?.submit() }
    }

    func open() { gtk_menu_button_popup(OpaquePointer(button)) }

    /// "On this computer" and each account; the menu shows only when there are accounts.
    private func showDestinations() {
        guard gtk_widget_get_visible(popover) != 0 else { return }
        let accounts = accounts()
        guard accounts != shownAccounts else { return }
        shownAccounts = accounts
        // Translators: where a new feed goes; {account} is a sync account's name.
        let names = [tr("On this computer")] + accounts.map { tr("In {account}", ["account": $0.title]) }
        gtk_string_list_splice(destinations, 0, g_list_model_get_n_items(destinations), nil)
        for name in names { gtk_string_list_append(destinations, name) }
        gtk_drop_down_set_selected(OpaquePointer(destination), 0)
        gtk_widget_set_visible(destination, accounts.isEmpty ? 0 : 1)
    }

    /// The chosen account; nil for this computer.
    private var chosenAccount: Account? {
        let index = Int(gtk_drop_down_get_selected(OpaquePointer(destination)))
        return index > 0 && index <= shownAccounts.count ? shownAccounts[index - 1] : nil
    }

    private func submit(_ address: String? = nil) {
        let text = (address ?? string(gtk_editable_get_text(OpaquePointer(entry))) ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return showStatus(tr("Type the address of a site or a feed."), error: true) }
        let normalized = text.contains("://") ? text : "https://" + text
        showStatus(tr("Looking for feeds at {address}…", ["address": normalized]), error: false)
        clearChoices()
        gtk_widget_set_sensitive(subscribe, 0)
        let account = chosenAccount
        if account != nil {
            showStatus(tr("Asking the server to subscribe to {address}…", ["address": normalized]), error: false)
        }
        onSubscribe?(normalized, account) { [weak self] result in
            guard let self else { return }
            gtk_widget_set_sensitive(subscribe, 1)
            switch result {
            case .failure(let failure): showStatus(failure.message, error: true)
            case .success(let found) where found.isEmpty:
                gtk_editable_set_text(OpaquePointer(entry), "")
                showStatus("", error: false)
                gtk_popover_popdown(cast(popover))
            case .success(let found):
                showStatus(tr("This page offers {count} feed. Choose one:", plural: "This page offers {count} feeds. Choose one:",
                              count: found.count), error: false)
                for feed in found {
                    let choice = Widgets.textButton(feed.title ?? feed.url, classes: ["flat", "add-feed-choice"])
                    gtk_widget_set_tooltip_text(choice, feed.url)
                    connect(choice, .clicked) { [weak self] in self?.submit(feed.url) }
                    gtk_box_append(cast(choices), choice)
                }
            }
        }
    }

    private func clearChoices() {
        while let child = gtk_widget_get_first_child(choices) { gtk_box_remove(cast(choices), child) }
    }

    private func showStatus(_ text: String, error: Bool) {
        gtk_label_set_text(OpaquePointer(status), text)
        gtk_widget_set_visible(status, text.isEmpty ? 0 : 1)
        if error { gtk_widget_add_css_class(status, "error-text") } else { gtk_widget_remove_css_class(status, "error-text") }
    }
}

/// Why subscribing failed, in plain words.
struct AddFeedFailure: Error {
    let message: String
}
