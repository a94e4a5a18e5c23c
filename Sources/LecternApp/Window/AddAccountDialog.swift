import CGtk4
import Foundation
import GtkBridge
import Library
import Sync
import Localization

/// "Add Account": the server's kind, its address, the user name and password. Sign In checks
/// the credentials with the server before anything is kept; a refusal is shown in the dialog,
/// in the server's words made plain, and the dialog stays open to correct it.
@MainActor
final class AddAccountDialog {
    /// Checks and adds the account (the app keeps the password in the keyring), then answers
    /// on the main thread.
    typealias Add = @MainActor (Account.Kind, _ server: String, _ user: String, _ password: String,
                                _ answer: @escaping @MainActor (Result<Account, SyncError>) -> Void) -> Void

    let protocols = SyncProtocol.all

    let window: WidgetPointer
    let kindDropDown: WidgetPointer
    let serverEntry: WidgetPointer
    let userEntry: WidgetPointer
    let passwordEntry: WidgetPointer
    let signIn: WidgetPointer
    let status: WidgetPointer
    private let form: WidgetPointer
    private let note: WidgetPointer
    private let spinner: WidgetPointer
    private let add: Add
    private let done: @MainActor (Account) -> Void

    /// With `existing`, the dialog signs that account in again: only the password can change.
    init(parent: WidgetPointer?, signingIn existing: Account? = nil, add: @escaping Add,
         done: @escaping @MainActor (Account) -> Void) {
        self.add = add
        self.done = done
        window = created(gtk_window_new())
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = cast(window)
        gtk_window_set_title(gtkWindow, existing.map { tr("Sign In to {account}", ["account": $0.title]) } ?? tr("Add Account"))
        gtk_window_set_modal(gtkWindow, 1)
        // No default width: the dialog opens as wide as its form (the scroller only steps in
        // on a narrower screen, where it scrolls rather than overflows).
        if let parent { gtk_window_set_transient_for(gtkWindow, cast(parent)) }
        kindDropDown = Widgets.dropDown(protocols.map(\.products))
        serverEntry = gtk_entry_new()
        userEntry = gtk_entry_new()
        passwordEntry = gtk_password_entry_new()
        gtk_password_entry_set_show_peek_icon(OpaquePointer(passwordEntry), 1)
        status = Widgets.label("", classes: ["account-status"], wrap: true)
        spinner = gtk_spinner_new()
        let cancel = Widgets.textButton(tr("Cancel"), classes: ["secondary"])
        signIn = Widgets.textButton(tr("Sign In"), classes: ["primary"])
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [spinner, cancel, signIn])
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        form = DialogParts.form([
            // Translators: the kind of sync server (FreshRSS, Tiny Tiny RSS…).
            (tr("Server"), kindDropDown),
            (tr("Address"), serverEntry), (tr("User name"), userEntry), (tr("Password"), passwordEntry),
        ])
        note = Widgets.label("", classes: ["dim-label"], wrap: true)
        gtk_label_set_max_width_chars(OpaquePointer(note), 50)
        gtk_window_set_child(gtkWindow, Widgets.dialogScroller(Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 14,
                                                                           classes: ["prompt", "add-account"],
                                                                           [form, note, status, buttons])))
        showKind()
        if let existing {
            gtk_drop_down_set_selected(OpaquePointer(kindDropDown), guint(protocols.firstIndex { $0.kind == existing.kind } ?? 0))
            gtk_editable_set_text(OpaquePointer(serverEntry), existing.server)
            gtk_editable_set_text(OpaquePointer(userEntry), existing.userName)
            for field in [kindDropDown, serverEntry, userEntry] { gtk_widget_set_sensitive(field, 0) }
            if let error = existing.lastError { show(error, error: true) }
        }
        connect(kindDropDown, .notify("selected")) { [weak self] in self?.showKind() }
        connect(signIn, .clicked) { [weak self] in self?.submit() }
        connect(passwordEntry, .activate) { [weak self] in self?.submit() }
        connect(cancel, .clicked) { gtk_window_destroy(gtkWindow) }
        Keyboard.onEscape(window) { gtk_window_destroy(gtkWindow) }
    }

    func present() {
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(gtk_widget_get_sensitive(serverEntry) != 0 ? serverEntry : passwordEntry)
    }

    private var chosen: SyncProtocol {
        protocols[min(Int(gtk_drop_down_get_selected(OpaquePointer(kindDropDown))), protocols.count - 1)]
    }

    /// The chosen kind's fields: a hosted service (Feedbin) needs no address, and signs in with an e-mail.
    private func showKind() {
        gtk_entry_set_placeholder_text(cast(serverEntry), chosen.addressExample)
        let hosted = chosen.fixedServer != nil
        for column in [0, 1] { gtk_widget_set_visible(gtk_grid_get_child_at(cast(form), Int32(column), 1), hosted ? 0 : 1) }
        let user = hosted ? tr("E-mail") : tr("User name")
        gtk_label_set_text(OpaquePointer(gtk_grid_get_child_at(cast(form), 0, 2)), user)
        Accessibility.setLabel(userEntry, user)
        gtk_label_set_text(OpaquePointer(note), ([tr("Lectern keeps the password in your keyring.")] + [chosen.passwordHint].compactMap { $0 }).joined(separator: " "))
    }

    private func text(_ entry: WidgetPointer) -> String { DialogParts.text(entry) }

    /// Sign In (the button, or Enter in the password field).
    func submit() {
        let server = chosen.fixedServer ?? text(serverEntry), user = text(userEntry)
        let password = string(gtk_editable_get_text(OpaquePointer(passwordEntry))) ?? ""
        guard !server.isEmpty, !user.isEmpty, !password.isEmpty else {
            return show(tr("Fill in the address, the user name and the password."), error: true)
        }
        gtk_widget_set_sensitive(signIn, 0)
        gtk_spinner_start(OpaquePointer(spinner))
        show(tr("Checking with the server…"), error: false)
        add(chosen.kind, server, user, password) { [weak self] result in
            guard let self else { return }
            gtk_spinner_stop(OpaquePointer(spinner))
            gtk_widget_set_sensitive(signIn, 1)
            switch result {
            case .success(let account):
                gtk_window_destroy(cast(window))
                done(account)
            case .failure(let error):
                show(error.description, error: true)
            }
        }
    }

    private func show(_ message: String, error: Bool) { DialogParts.say(message, in: status, error: error) }
}
