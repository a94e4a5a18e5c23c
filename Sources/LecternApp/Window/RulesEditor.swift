import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// Preferences' rules: the rules as sentences, each with Remove, and a row to write a new one —
/// "when [the title] [contains] [words] → [mark read]" — with a live count of the articles it
/// would match now, Add, and Add and Apply to Existing Articles (which the undo bar can take back).
@MainActor
final class RulesEditor {
    /// Counts the articles a rule matches now; answers on the main thread (nil: not counted).
    typealias Count = @MainActor (Rule, _ answer: @escaping @MainActor (Int?) -> Void) -> Void
    /// Keeps a rule and, when asked, applies it to the articles already there; the error in words, or nil.
    typealias Add = @MainActor (Rule, _ applyToExisting: Bool) -> String?

    // Translators: a rule's {field}, "When {field} {match} “{text}”, {action}".
    static let fields: [(Rule.Field, String)] = [(.title, tr("the title")), (.content, tr("the text")), (.author, tr("the author")),
                                                 // Translators: a rule's {field}, "When {field} {match} “{text}”, {action}".
                                                 (.feed, tr("the feed's name")), (.any, tr("any of them"))]
    // Translators: a rule's {match}, "When {field} {match} “{text}”, {action}".
    static let matches: [(Rule.Match, String)] = [(.contains, tr("contains")), (.doesNotContain, tr("does not contain")),
                                                  // Translators: a rule's {match}, "When {field} {match} “{text}”, {action}".
                                                  (.matchesRegex, tr("matches the pattern"))]
    // Translators: a rule's {action}, "When {field} {match} “{text}”, {action}".
    static let actions: [(Rule.Action, String)] = [(.markRead, tr("mark it read")), (.star, tr("star it")), (.hide, tr("hide it")),
                                                   // Translators: a rule's {action}, "When {field} {match} “{text}”, {action}".
                                                   (.notifyAlways, tr("always notify"))]

    let widget: WidgetPointer
    let fieldDropDown: WidgetPointer
    let matchDropDown: WidgetPointer
    let textEntry: WidgetPointer
    let actionDropDown: WidgetPointer
    let countLabel: WidgetPointer
    let addButton: WidgetPointer
    let applyButton: WidgetPointer
    private let list: WidgetPointer
    var rules: @MainActor () -> [Rule] = { [] }
    var count: Count = { _, answer in answer(nil) }
    var add: Add = { _, _ in nil }
    private var pendingCount: MainLoop.Source?

    init() {
        list = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: ["rule-list"], [])
        fieldDropDown = Widgets.dropDown(Self.fields.map(\.1))
        matchDropDown = Widgets.dropDown(Self.matches.map(\.1))
        textEntry = gtk_entry_new()
        gtk_entry_set_placeholder_text(cast(textEntry), tr("words, or a pattern such as ^\\[ad\\]"))
        actionDropDown = Widgets.dropDown(Self.actions.map(\.1))
        for (field, name) in [(fieldDropDown, tr("Where to look")), (matchDropDown, tr("How to compare")),
                              (textEntry, tr("Words or pattern")), (actionDropDown, tr("What to do"))] {
            Accessibility.setLabel(field, name)
        }
        Widgets.expand(textEntry, vertical: false)
        countLabel = Widgets.label("", classes: ["dim-label", "rule-count"], wrap: true)
        addButton = Widgets.textButton(tr("Add Rule"), classes: ["secondary"])
        applyButton = Widgets.textButton(tr("Add and Apply to Existing Articles"), classes: ["secondary"])
        // Translators: begins the row that writes a rule: "When [the title] [contains]".
        let when = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [Widgets.label(tr("When"), classes: ["preference-title"]),
                                                                         fieldDropDown, matchDropDown])
        // Translators: the arrow from a rule's words to its action; a right-to-left language may want ←.
        let arrow = Widgets.label(tr("→"), classes: ["dim-label"])
        let then = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [textEntry, arrow, actionDropDown])
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [addButton, applyButton])
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, classes: ["rules"], [
            Widgets.label(tr("Rules"), classes: ["preference-heading"]),
            Widgets.label(tr("Applied to new articles as a refresh brings them."), classes: ["dim-label"], wrap: true),
            list, when, then, countLabel, buttons,
        ])
        for dropDown in [fieldDropDown, matchDropDown, actionDropDown] {
            connect(dropDown, .notify("selected")) { [weak self] in self?.draftChanged() }
        }
        connect(textEntry, .notify("text")) { [weak self] in self?.draftChanged() }
        connect(addButton, .clicked) { [weak self] in self?.submit(applyToExisting: false) }
        connect(applyButton, .clicked) { [weak self] in self?.submit(applyToExisting: true) }
        draftChanged()
    }

    /// The rule the row describes.
    var draft: Rule {
        func pick<T>(_ choices: [(T, String)], _ dropDown: WidgetPointer) -> T {
            choices[min(Int(gtk_drop_down_get_selected(OpaquePointer(dropDown))), choices.count - 1)].0
        }
        return Rule(field: pick(Self.fields, fieldDropDown), match: pick(Self.matches, matchDropDown),
                    text: DialogParts.text(textEntry), action: pick(Self.actions, actionDropDown))
    }

    /// A rule in words: "When the title contains “sponsored”, mark it read".
    static func sentence(_ rule: Rule) -> String {
        let field = fields.first { $0.0 == rule.field }?.1 ?? rule.field.rawValue
        let match = matches.first { $0.0 == rule.match }?.1 ?? rule.match.rawValue
        let action = actions.first { $0.0 == rule.action }?.1 ?? rule.action.rawValue
        // Translators: a rule in words, "When the title contains “sponsored”, mark it read".
        return tr("When {field} {match} “{text}”, {action}", ["field": field, "match": match, "text": rule.text, "action": action])
    }

    /// Lists the rules again.
    func showRules() {
        while let child = gtk_widget_get_first_child(list) { gtk_box_remove(cast(list), child) }
        let rules = rules()
        if rules.isEmpty { gtk_box_append(cast(list), Widgets.label(tr("No rules yet."), classes: ["dim-label"])) }
        for rule in rules {
            let text = Widgets.label(Self.sentence(rule), wrap: true)
            Widgets.expand(text, vertical: false)
            let remove = Widgets.textButton(tr("Remove"), action: "app.delete-rule", classes: ["secondary"])
            gtk_actionable_set_action_target_value(OpaquePointer(remove), g_variant_new_string("\(rule.id)"))
            Accessibility.setLabel(remove, tr("Remove the rule: {rule}", ["rule": Self.sentence(rule)]))
            gtk_box_append(cast(list), Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["rule-item"], [text, remove]))
        }
    }

    /// The draft changed: its problem at once, its count once typing pauses.
    private func draftChanged() {
        let rule = draft
        pendingCount?.remove()
        pendingCount = nil
        let usable = !rule.text.isEmpty
        if rule.match == .matchesRegex, usable {
            do {
                _ = try rule.matcher()
            } catch {
                return showProblem(tr("This pattern cannot be used: {error}", ["error": String(describing: error)]))
            }
        }
        gtk_widget_set_sensitive(addButton, usable ? 1 : 0)
        gtk_widget_set_sensitive(applyButton, usable ? 1 : 0)
        DialogParts.say(usable ? tr("Counting the articles it matches…") : "", in: countLabel, error: false)
        guard usable else { return }
        pendingCount = MainLoop.timeout(milliseconds: 300) { [weak self] in
            self?.pendingCount = nil
            self?.count(rule) { [weak self] found in
                guard let self, draft == rule else { return }   // an answer for an older draft
                let words = found.map { tr("It matches {count} article you have now.", plural: "It matches {count} articles you have now.", count: $0) } ?? ""
                DialogParts.say(words, in: countLabel, error: false)
            }
            return false
        }
    }

    private func showProblem(_ message: String) {
        gtk_widget_set_sensitive(addButton, 0)
        gtk_widget_set_sensitive(applyButton, 0)
        DialogParts.say(message, in: countLabel, error: true)
    }

    func submit(applyToExisting: Bool) {
        if let problem = add(draft, applyToExisting) { return showProblem(problem) }
        gtk_editable_set_text(OpaquePointer(textEntry), "")
        showRules()
    }
}
