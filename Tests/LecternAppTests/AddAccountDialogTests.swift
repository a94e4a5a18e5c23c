import CGtk4
import Foundation
import GtkBridge
import Library
import Sync
import Testing
@testable import LecternApp

/// The Add Account dialog: what it sends to be checked, a refusal shown in the dialog (which
/// stays open to correct it), and an accepted account handed on.
@Suite("Add Account dialog", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct AddAccountDialogTests {
    final class Calls {
        var added: [(Account.Kind, String, String, String)] = []
        var done: [Account] = []
        /// What the next add is answered with.
        var answer: Result<Account, SyncError> = .failure(.wrongCredentials(server: "rss.example.org"))
    }

    private func fill(_ dialog: AddAccountDialog, kind: UInt32, server: String, user: String, password: String) {
        gtk_drop_down_set_selected(OpaquePointer(dialog.kindDropDown), kind)
        gtk_editable_set_text(OpaquePointer(dialog.serverEntry), server)
        gtk_editable_set_text(OpaquePointer(dialog.userEntry), user)
        gtk_editable_set_text(OpaquePointer(dialog.passwordEntry), password)
    }

    /// A dialog whose Sign In records what it was given in `calls` and answers `calls.answer`.
    private func dialog(recording calls: Calls) -> AddAccountDialog {
        AddAccountDialog(parent: nil, add: { kind, server, user, password, reply in
            calls.added.append((kind, server, user, password))
            reply(calls.answer)
        }, done: { calls.done.append($0) })
    }

    private func statusText(_ dialog: AddAccountDialog) -> String {
        string(gtk_label_get_text(OpaquePointer(dialog.status))) ?? ""
    }

    @Test func aRefusalIsShownInTheDialogAndAnAcceptedAccountIsHandedOn() throws {
        try #require(gtk_init_check() != 0)
        let calls = Calls()
        let dialog = dialog(recording: calls)
        let window = dialog.window
        dialog.present()

        dialog.submit()
        #expect(calls.added.isEmpty, "nothing is sent with empty fields")
        #expect(statusText(dialog).contains("Fill in"))

        let ttrss = try #require(dialog.protocols.firstIndex { $0.kind == .tinyTinyRSS })
        fill(dialog, kind: UInt32(ttrss), server: "rss.example.org/tt-rss", user: "ann", password: "wrong")
        dialog.submit()
        #expect(calls.added.count == 1 && calls.added[0].0 == .tinyTinyRSS && calls.added[0].1 == "rss.example.org/tt-rss")
        #expect(statusText(dialog).contains("refused the user name or password"))
        #expect(gtk_widget_has_css_class(dialog.status, "error-text") != 0)
        #expect(gtk_widget_get_visible(window) != 0, "the dialog stays open to correct it")
        #expect(calls.done.isEmpty)

        calls.answer = .success(Account(id: 1, kind: .tinyTinyRSS, server: "https://rss.example.org/tt-rss", userName: "ann"))
        gtk_editable_set_text(OpaquePointer(dialog.passwordEntry), "right")
        dialog.submit()
        #expect(calls.added.last?.3 == "right")
        #expect(calls.done.map(\.userName) == ["ann"])
    }

    @Test func aHostedServiceAsksOnlyForTheEmailAndPassword() throws {
        try #require(gtk_init_check() != 0)
        let calls = Calls()
        let dialog = dialog(recording: calls)
        dialog.present()
        defer { gtk_window_destroy(cast(dialog.window)) }
        let feedbin = try #require(dialog.protocols.firstIndex { $0.kind == .feedbin })
        fill(dialog, kind: UInt32(feedbin), server: "", user: "ann@example.org", password: "secret")
        #expect(gtk_widget_get_visible(dialog.serverEntry) == 0, "Feedbin's address is its own: not asked for")
        dialog.submit()
        let added = try #require(calls.added.last, "Sign In with the e-mail and password alone")
        #expect(added.0 == .feedbin && added.1 == "https://api.feedbin.com" && added.2 == "ann@example.org")

        let ttrss = try #require(dialog.protocols.firstIndex { $0.kind == .tinyTinyRSS })
        gtk_drop_down_set_selected(OpaquePointer(dialog.kindDropDown), UInt32(ttrss))
        #expect(gtk_widget_get_visible(dialog.serverEntry) != 0, "a server of one's own has an address again")
    }

    /// The dialog opens as wide as its form: no field, choice or button is cut off at its right,
    /// to be scrolled to (the scroller around the form is for a narrower screen only).
    @Test func theDialogOpensWideEnoughForItsWholeForm() throws {
        try #require(gtk_init_check() != 0)
        let dialog = dialog(recording: Calls())
        dialog.present()
        defer { gtk_window_destroy(cast(dialog.window)) }
        let scroller = try #require(gtk_window_get_child(cast(dialog.window)))
        let across = try #require(gtk_scrolled_window_get_hadjustment(OpaquePointer(scroller)))
        _ = MainLoop.iterate(until: { gtk_widget_get_mapped(dialog.window) != 0 && gtk_adjustment_get_page_size(across) > 0 }, timeout: 5)
        let hidden = gtk_adjustment_get_upper(across) - gtk_adjustment_get_page_size(across)
        #expect(hidden <= 0, "\(hidden) px of the form are scrolled out of the dialog's \(gtk_widget_get_width(dialog.window)) px")
    }
}
