import CGtk4
import Foundation
import GtkBridge
import Localization

/// What Lectern hands to the desktop to open: web pages and e-mail addresses, nothing else.
/// A feed's link, an article's links and its embeds say whatever their authors wrote; a
/// `javascript:`, `data:` or `file:` address (or any other) is refused with a notice instead of
/// reaching the browser or the file manager.
@MainActor
enum ExternalLinks {
    static let openable: Set<String> = ["http", "https", "mailto"]

    /// Nil when `address` may be opened; otherwise the notice that says why not.
    static func refusal(_ address: String) -> String? {
        let scheme = URL(string: address.trimmingCharacters(in: .whitespacesAndNewlines))?.scheme?.lowercased()
        if let scheme, openable.contains(scheme) { return nil }
        // Translators: {scheme} is the kind of address an article links to, such as "javascript" or "file".
        return scheme.map { tr("Lectern does not open {scheme}: links; only web pages and e-mail addresses.", ["scheme": String($0.prefix(20))]) }
            ?? tr("Lectern does not open this link: it is not a web address.")
    }

    /// Opens `address` in the desktop's browser or mail program; a refused one is told to
    /// `notify` and not opened.
    static func open(_ address: String, notify: (String) -> Void) {
        if let refusal = refusal(address) { return notify(refusal) }
        gtk_show_uri(nil, address, guint32(GDK_CURRENT_TIME))
    }

    /// Routes the links of a reader label through `open` (GTK would hand any of them over).
    static func guardLinks(of label: WidgetPointer, notify: @escaping @MainActor (String) -> Void) {
        connect(label, .activateLink) { address in
            open(address, notify: notify)
            return true
        }
    }
}
