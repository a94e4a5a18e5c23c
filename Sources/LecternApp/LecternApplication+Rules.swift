import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// The rules' editor wired to the library: the live count is made off the main thread, a rule
/// applied to existing articles can be taken back from the window's undo bar.
extension LecternApplication {
    func installRuleActions() {
        let map = UnsafeMutableRawPointer(application.pointer)
        Actions.add("delete-rule", to: map, string: { [unowned self] target in
            // Translators: what failed, in "Lectern could not {action}." (StoreAccess), and so below.
            guard let id = Int64(target), storeAccess?.write(tr("remove the rule"), { try $0.deleteRule(id) }) == true else { return }
            preferencesWindow?.rulesEditor.showRules()
        })
    }

    func connectRules(_ editor: RulesEditor) {
        editor.rules = { [weak self] in self?.storeAccess?.read(tr("read your rules"), fallback: []) { try $0.rules() } ?? [] }
        editor.count = { [weak self] rule, answer in
            guard let store = self?.libraryService?.store, let matcher = try? rule.matcher() else { return answer(nil) }
            Task.detached {
                let found = try? store.articles(matching: matcher).count
                await MainActor.run { answer(found) }
            }
        }
        editor.add = { [weak self] rule, applyToExisting in
            guard let self, let access = storeAccess else { return tr("The library is not available.") }
            let added: Rule
            do {
                guard let store = libraryService?.store else { return tr("The library is not available.") }
                added = try store.addRule(rule)
            } catch {
                return tr("The rule could not be kept: {error}", ["error": String(describing: error)])
            }
            guard applyToExisting else { return nil }
            var applied = RuleApplication()
            guard access.write(tr("apply the rule"), { applied = try $0.applyRules([added], toArticlesAfter: 0) }) else { return nil }
            libraryDidChange()
            let count = applied.count
            guard count > 0 else { return nil }
            let message = tr("The rule changed {count} article", plural: "The rule changed {count} articles", count: count)
            mainWindow?.session?.onUndoable?(message) { [weak self] in
                guard self?.storeAccess?.write(tr("undo the rule"), { try $0.undo(applied) }) == true else { return }
                self?.libraryDidChange()
            }
            return nil
        }
    }
}
