import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// Preferences: its window (made once, kept), with the accounts it lists and the rules'
/// editor wired to the library — the live count made off the main thread, a rule applied to
/// existing articles taken back from the window's undo bar.
/// Actions: `app.preferences` (Ctrl+comma), `app.delete-rule`.
@MainActor
final class PreferencesFeature {
    private unowned let shell: AppShell
    private let library: LibraryOwner
    private let accounts: AccountsFeature
    private var window: PreferencesWindow?

    init(shell: AppShell, library: LibraryOwner, accounts: AccountsFeature) {
        self.shell = shell
        self.library = library
        self.accounts = accounts
        let map = shell.actionMap
        Actions.add("preferences", to: map) { [unowned self] in show() }
        Actions.add("delete-rule", to: map, string: { [unowned self] target in
            // Translators: what failed, in "Lectern could not {action}." (StoreAccess), and so below.
            guard let id = Int64(target), library.access?.write(tr("remove the rule"), { try $0.deleteRule(id) }) == true else { return }
            window?.rulesEditor.showRules()
        })
        Actions.setAccelerators(["<Control>comma"], for: "app.preferences", on: map)
    }

    func show() {
        let window = window ?? PreferencesWindow(application: shell.gtkApplication, settings: shell.settings)
        self.window = window
        window.accounts = { [weak self] in self?.accounts.list() ?? [] }
        connectRules(window.rulesEditor)
        window.present(transientFor: shell.mainWindow?.window)
    }

    /// The library's accounts changed: the open Preferences lists them again.
    func showAccounts() { window?.showAccounts() }

    private func connectRules(_ editor: RulesEditor) {
        editor.rules = { [weak self] in self?.library.access?.read(tr("read your rules"), fallback: []) { try $0.rules() } ?? [] }
        editor.count = { [weak self] rule, answer in
            guard let store = self?.library.service?.store, let matcher = try? rule.matcher() else { return answer(nil) }
            Task.detached {
                let found = try? store.articles(matching: matcher).count
                await MainActor.run { answer(found) }
            }
        }
        editor.add = { [weak self] rule, applyToExisting in
            guard let self, let access = library.access else { return tr("The library is not available.") }
            let added: Rule
            do {
                guard let store = library.service?.store else { return tr("The library is not available.") }
                added = try store.addRule(rule)
            } catch {
                return tr("The rule could not be kept: {error}", ["error": String(describing: error)])
            }
            guard applyToExisting else { return nil }
            var applied = RuleApplication()
            guard access.write(tr("apply the rule"), { applied = try $0.applyRules([added], toArticlesAfter: 0) }) else { return nil }
            shell.libraryDidChange()
            let count = applied.count
            guard count > 0 else { return nil }
            let message = tr("The rule changed {count} article", plural: "The rule changed {count} articles", count: count)
            shell.mainWindow?.session?.onUndoable?(message) { [weak self] in
                guard self?.library.access?.write(tr("undo the rule"), { try $0.undo(applied) }) == true else { return }
                self?.shell.libraryDidChange()
            }
            return nil
        }
    }
}
