import CGtk4
import Foundation
import GtkBridge
import Testing
import Theming
@testable import LecternApp

/// The theme editor's window on its own: every colour's light and dark buttons named, each
/// pair's contrast said in the variant edited, a failing pair with the checker's colour one
/// click away, and what the app should wear after each change.
@Suite("The theme editor", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct ThemeEditorTests {
    @Test func aFailingPairIsSaidAtOnceWithTheCheckersColourAndTheAppIsToldEachChange() throws {
        let (editor, _, done) = try Self.editorOfACopyOfPaper()
        defer { done() }
        var worn: [(Theme?, ColorScheme)] = []
        editor.onChange = { worn.append(($0, $1)) }
        editor.present(transientFor: nil)
        _ = MainLoop.iterate(until: { gtk_widget_get_mapped(editor.window) != 0 }, timeout: 5)
        let names = Widgets.descendants(of: editor.window).compactMap { string(gtk_widget_get_tooltip_text($0)) }
        #expect(names.contains("Main background, light") && names.contains("Shadow under popovers, dark"),
                "every colour has its two named buttons")
        #expect(texts(in: editor).contains("Every pair of colours passes the contrast checks (WCAG AA)."))

        editor.set(try #require(Color(hex: "#D0C8C0")), for: .textSecondary, scheme: .light)
        let shown = texts(in: editor)
        #expect(shown.contains { $0.hasPrefix("2 pairs of colours fail the contrast checks") }, "\(shown.filter { $0.contains("fail") })")
        #expect(shown.contains { $0.contains(":1 with Main background: needs 4.5:1") })
        let use = try #require(Widgets.descendants(of: editor.window).first {
            actionName($0) == "app.set-theme-color"
        }, "no Use button for the failing pair")
        let target = string(g_variant_get_string(gtk_actionable_get_action_target_value(OpaquePointer(use)), nil)) ?? ""
        #expect(target.hasPrefix("text_secondary:light:#"))
        #expect(worn.last?.0?.color(.textSecondary, for: .light).hex == "#d0c8c0" && worn.last?.1 == .light)

        // The checker's colour, as its button would give it: every pair passes again.
        let parts = target.split(separator: ":")
        editor.set(try #require(Color(hex: String(parts[2]))), for: .textSecondary, scheme: .light)
        _ = editor.draft.findings.isEmpty ? () : editor.set(try #require(editor.draft.findings.first?.suggestion), for: .textSecondary, scheme: .light)
        #expect(editor.draft.findings.isEmpty)
        editor.undo()
        #expect(editor.draft.canRedo)

        // A size: the large radius, the last spin button (text sizes, heading sizes, spacing, then radii).
        let spins = Widgets.descendants(of: editor.window).filter {
            g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer($0)), gtk_spin_button_get_type()) != 0
        }
        #expect(spins.count == 3 + 4 + 5 + 3)
        let large = try #require(spins.last)
        #expect(gtk_spin_button_get_value(OpaquePointer(large)) == 10, "Paper's large radius")
        gtk_spin_button_set_value(OpaquePointer(large), 20)
        #expect(editor.draft.number(at: ["radius", "large"]) == 20 && worn.last?.0?.radii.large == 20)
        editor.undo()
        #expect(gtk_spin_button_get_value(OpaquePointer(large)) == 10, "undo sets the control back")
    }

    @Test func aFontChosenComesFirstInItsListAndTheRestStayBehindIt() throws {
        let (editor, file, done) = try Self.editorOfACopyOfPaper()
        defer { done() }
        var worn: [Theme?] = []
        editor.onChange = { theme, _ in worn.append(theme) }
        editor.present(transientFor: nil)
        _ = MainLoop.iterate(until: { gtk_widget_get_mapped(editor.window) != 0 }, timeout: 5)
        let names = Widgets.descendants(of: editor.window).compactMap { string(gtk_widget_get_tooltip_text($0)) }
        #expect(names.contains("Choose a Font for Reading fonts…"), "each font list has its Choose… button")
        let before = try ThemeDraft(contentsOf: file).families("reading_family")
        try #require(before.count > 1, "Paper's reading fonts are a list: \(before)")

        // The button opens GTK's chooser over the editor; cancelled, it changes nothing.
        let choose = try #require(Widgets.descendants(of: editor.window).first {
            string(gtk_widget_get_tooltip_text($0)) == "Choose a Font for Reading fonts…"
        })
        let changes = worn.count
        gtk_widget_activate(choose)
        var dialog: WidgetPointer?
        _ = MainLoop.iterate(until: {
            dialog = Self.toplevels().first { g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer($0)), gtk_font_chooser_dialog_get_type()) != 0 }
            return dialog != nil
        }, timeout: 5)
        let chooser = try #require(dialog, "no font chooser came up")
        #expect(gtk_window_get_transient_for(cast(chooser)) == cast(editor.window) && gtk_window_get_modal(cast(chooser)) != 0)
        gtk_dialog_response(cast(chooser), GTK_RESPONSE_CANCEL.rawValue)
        #expect(!Self.toplevels().contains(chooser), "the chooser closes")
        #expect(worn.count == changes, "cancelled, the app wears nothing new")

        // What the chooser gives on Select: DejaVu Serif (a family every test machine has).
        editor.choose(family: "DejaVu Serif", for: "reading_family")
        let entries = Widgets.descendants(of: editor.window).filter {
            g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer($0)), gtk_entry_get_type()) != 0
        }
        let entry = try #require(entries.first { string(gtk_editable_get_text(OpaquePointer($0)))?.hasPrefix("DejaVu Serif") == true },
                                 "the reading list shows the family first")
        #expect(string(gtk_editable_get_text(OpaquePointer(entry))) == (["DejaVu Serif"] + before).joined(separator: ", "))
        #expect(worn.last??.typography.readingFamily.first == "DejaVu Serif", "the app wears it at once")

        // A family already in the list moves to the front, once.
        editor.choose(family: before[1], for: "reading_family")
        #expect(string(gtk_editable_get_text(OpaquePointer(entry))) == ([before[1], "DejaVu Serif"] + [before[0]] + before.dropFirst(2)).joined(separator: ", "))
    }

    /// An editor of "Mine", a copy of Paper in a folder of its own, and what closes both.
    private static func editorOfACopyOfPaper() throws -> (ThemeEditor, URL, () -> Void) {
        try #require(gtk_init_check() != 0)
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-editor-\(UUID().uuidString)")
        let file = try ThemeDraft.copy(of: LecternSandbox.packageRoot.appending(path: "Themes/paper.json"), as: "Mine", into: folder)
        let editor = ThemeEditor(application: nil, file: file, draft: try ThemeDraft(contentsOf: file), scheme: .light)
        return (editor, file, {
            gtk_window_destroy(cast(editor.window))
            try? FileManager.default.removeItem(at: folder)
        })
    }

    private static func toplevels() -> [WidgetPointer] {
        let list = gtk_window_get_toplevels()
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            g_list_model_get_item(list, index).map { item in
                g_object_unref(item)
                return WidgetPointer(OpaquePointer(item))
            }
        }
    }

    private func texts(in editor: ThemeEditor) -> [String] {
        Widgets.descendants(of: editor.window).compactMap { widget in
            g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_label_get_type()) != 0
                ? string(gtk_label_get_text(OpaquePointer(widget))) : nil
        }
    }
}
