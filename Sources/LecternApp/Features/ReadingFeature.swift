import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// Reading in the window: the commands the keys, menus and D-Bus (`org.gtk.Actions`, used by
/// the tests) all go through, the text size, moving between the window's parts, the shortcuts
/// window, and the undo bar's Ctrl+Z. Actions: `app.next-article`, `app.previous-article`,
/// `app.next-unread`, `app.toggle-read`, `app.toggle-star`, `app.open-in-browser`, `app.search`,
/// `app.mark-all-read`, `app.load-full-article`, `app.next-pane`, `app.previous-pane`,
/// `app.text-bigger`, `app.text-smaller`, `app.text-reset`, `app.shortcuts`, `app.undo`, an article's
/// menu's `app.set-article-read`, `app.set-article-starred`, `app.open-article-in-browser` and
/// `app.copy-article-link`, and for
/// a window too narrow for three panes `app.go-back` (Alt+Left) and `app.toggle-sidebar` (F9).
@MainActor
final class ReadingFeature {
    private unowned let shell: AppShell
    private let library: LibraryOwner
    /// `app.undo`, enabled only while the undo bar offers something, so that Ctrl+Z is
    /// otherwise the text fields' own.
    private let undoAction: OpaquePointer

    init(shell: AppShell, library: LibraryOwner) {
        self.shell = shell
        self.library = library
        let map = shell.actionMap
        undoAction = Actions.add("undo", to: map) { [unowned shell] in shell.mainWindow?.undo() }
        g_simple_action_set_enabled(undoAction, 0)
        let commands: [(String, @MainActor (ReadingSession) -> Void)] = [
            ("next-article", { $0.nextArticle() }), ("previous-article", { $0.previousArticle() }),
            ("next-unread", { $0.nextUnread() }), ("toggle-read", { $0.toggleRead() }),
            ("toggle-star", { $0.toggleStar() }), ("open-in-browser", { $0.openInBrowser() }),
            ("search", { $0.focusSearch() }), ("mark-all-read", { $0.markAllRead() }),
            ("load-full-article", { $0.loadFullArticle() }),
        ]
        for (name, command) in commands {
            Actions.add(name, to: map) { [unowned shell] in
                if let reading = shell.mainWindow?.session { command(reading) }
            }
        }
        // An article's own menu (ReadingSession+ArticleMenu): targets "ID" or "ID:1"/"ID:0".
        let targeted: [(String, @MainActor (ReadingSession, Int64, Bool) -> Void)] = [
            ("set-article-read", { $0.setRead(articleID: $1, $2) }), ("set-article-starred", { $0.setStarred(articleID: $1, $2) }),
            ("open-article-in-browser", { session, id, _ in session.openInBrowser(articleID: id) }),
            ("copy-article-link", { session, id, _ in session.copyLink(articleID: id) }),
        ]
        for (name, command) in targeted {
            Actions.add(name, to: map, string: { [unowned shell] target in
                let parts = target.split(separator: ":")
                guard let id = parts.first.flatMap({ Int64($0) }), let session = shell.mainWindow?.session else { return }
                command(session, id, parts.count < 2 || parts[1] == "1")
            })
        }
        Actions.add("next-pane", to: map) { [unowned shell] in shell.mainWindow?.cyclePanes(backwards: false) }
        Actions.add("previous-pane", to: map) { [unowned shell] in shell.mainWindow?.cyclePanes(backwards: true) }
        Actions.add("go-back", to: map) { [unowned shell] in shell.mainWindow?.goBack() }
        Actions.add("toggle-sidebar", to: map) { [unowned shell] in shell.mainWindow?.toggleSidebar() }
        Actions.add("text-bigger", to: map) { [unowned self] in scaleText(by: 0.1) }
        Actions.add("text-smaller", to: map) { [unowned self] in scaleText(by: -0.1) }
        Actions.add("text-reset", to: map) { [unowned shell] in shell.settings.textScale = 1.0 }
        Actions.add("shortcuts", to: map) { [unowned shell] in ShortcutsWindow.present(parent: shell.mainWindow?.window) }
        let accelerators: [(String, [String])] = [
            ("app.search", ["<Control>f"]), ("app.text-bigger", ["<Control>plus", "<Control>equal", "<Control>KP_Add"]),
            ("app.text-smaller", ["<Control>minus", "<Control>KP_Subtract"]), ("app.text-reset", ["<Control>0"]),
            ("app.shortcuts", ["F1", "<Control>question"]), ("app.mark-all-read", ["<Shift><Control>a"]),
            ("app.undo", ["<Control>z"]), ("app.next-pane", ["F6"]), ("app.previous-pane", ["<Shift>F6"]),
            ("app.go-back", [Localization.isRightToLeft ? "<Alt>Right" : "<Alt>Left"]), ("app.toggle-sidebar", ["F9"]),
        ]
        for (action, keys) in accelerators { Actions.setAccelerators(keys, for: action, on: map) }
    }

    /// Wires a new main window: single-letter keys (only when no text field has the focus)
    /// and the undo bar's Ctrl+Z.
    func attach(to window: MainWindow) {
        ReadingKeys.attach(to: window.window) { [unowned shell] action in
            g_action_group_activate_action(OpaquePointer(shell.gApplication), action, nil)
        }
        window.onUndoAvailable = { [undoAction] available in g_simple_action_set_enabled(undoAction, available ? 1 : 0) }
    }

    /// Opens the article `id` in the window, selected in its feed (or in All); when it is in
    /// neither list's first pages, the list shows the search `text` (the words it was found by).
    func showArticle(id: Int64, orSearch text: String? = nil) {
        // Translators: what failed, in "Lectern could not {action}." (StoreAccess), and so below.
        guard let article = library.access?.read(tr("find the article"), fallback: nil, { try $0.article(id: id) }),
              let session = shell.mainWindow?.session else { return }
        if session.show(articleID: id, inFeed: article.feedID) { return }
        if let text, !text.isEmpty { session.search(for: text, selecting: id) }
    }

    private func scaleText(by step: Double) {
        let range = Settings.textScaleRange
        let settings = shell.settings
        settings.textScale = min(max(((settings.textScale + step) * 10).rounded() / 10, range.lowerBound), range.upperBound)
    }
}
