import CGtk4
import Foundation
import GtkBridge
import Library
import Testing
@testable import LecternApp

/// The rules' editor in Preferences: a rule written as a sentence, a pattern that cannot compile
/// refused on the spot with its error, the live count shown once typing pauses, and Add.
@Suite("Rules editor", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct RulesEditorTests {
    @Test func aRuleIsWrittenCountedAndAdded() throws {
        try #require(gtk_init_check() != 0)
        let editor = RulesEditor()
        var kept: [Rule] = []
        var asked: [Rule] = []
        editor.rules = { kept }
        editor.count = { rule, answer in asked.append(rule); answer(7) }
        editor.add = { rule, _ in
            kept.append(rule)
            return nil
        }
        editor.showRules()
        gtk_drop_down_set_selected(OpaquePointer(editor.matchDropDown), 2)   // matches the pattern
        gtk_editable_set_text(OpaquePointer(editor.textEntry), "sponsor(ed")
        #expect(string(gtk_label_get_text(OpaquePointer(editor.countLabel)))?.contains("without its )") == true)
        #expect(gtk_widget_get_sensitive(editor.addButton) == 0, "a pattern that cannot compile can be added")

        gtk_editable_set_text(OpaquePointer(editor.textEntry), "^sponsored")
        gtk_drop_down_set_selected(OpaquePointer(editor.actionDropDown), 2)   // hide it
        let counted = MainLoop.iterate(until: { !asked.isEmpty }, timeout: 3)
        #expect(counted, "the matching articles were never counted")
        #expect(string(gtk_label_get_text(OpaquePointer(editor.countLabel))) == "It matches 7 articles you have now.")
        #expect(gtk_widget_get_sensitive(editor.addButton) != 0)

        editor.submit(applyToExisting: false)
        #expect(kept == [Rule(field: .title, match: .matchesRegex, text: "^sponsored", action: .hide)])
        #expect(RulesEditor.sentence(kept[0]) == "When the title matches the pattern “^sponsored”, hide it")
        #expect(string(gtk_editable_get_text(OpaquePointer(editor.textEntry))) == "", "the row was not cleared for the next rule")
    }
}
