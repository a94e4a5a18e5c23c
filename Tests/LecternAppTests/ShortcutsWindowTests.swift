import CGtk4
import GtkBridge
@testable import LecternApp
import Testing

/// The Keyboard Shortcuts window's search: only the shortcuts with every word typed stay, by
/// their meaning or by their keys as the desktop writes them, and their group's heading with them.
@MainActor @Suite(.serialized)
struct ShortcutsWindowTests {
    /// The texts of the labels a person sees now (the label and every parent shown).
    private func shown(in window: WidgetPointer) -> Set<String> {
        Set(Widgets.descendants(of: window).filter { Widgets.typeName($0) == "GtkLabel" && gtk_widget_is_visible($0) != 0 }
            .compactMap { string(gtk_label_get_text(OpaquePointer($0))) })
    }

    private func search(_ words: String, in window: WidgetPointer, until: (Set<String>) -> Bool) -> Set<String> {
        let entry = Widgets.descendants(of: window).first { Widgets.typeName($0) == "GtkSearchEntry" }!
        gtk_editable_set_text(OpaquePointer(entry), words)
        _ = MainLoop.iterate(until: { until(shown(in: window)) }, timeout: 3)
        return shown(in: window)
    }

    @Test func searchKeepsTheShortcutsWithEveryWordTyped() throws {
        try #require(gtk_init_check() != 0)
        let window = ShortcutsWindow.present(parent: nil)
        defer { gtk_window_destroy(cast(window)) }
        _ = MainLoop.iterate(until: { gtk_widget_get_mapped(window) != 0 }, timeout: 5)
        #expect(shown(in: window).isSuperset(of: ["Reading", "Library", "Next article", "Quit"]))

        var seen = search("star", in: window) { !$0.contains("Next article") }
        #expect(seen.contains("Star or unstar") && seen.contains("Reading"))
        #expect(!seen.contains("Next article") && !seen.contains("Library"), "\(seen.sorted())")

        seen = search("ctrl+q", in: window) { !$0.contains("Star or unstar") }
        #expect(seen.contains("Quit") && seen.contains("General") && !seen.contains("Reading"), "keys as written: \(seen.sorted())")

        seen = search("no such words", in: window) { $0.contains("No shortcut has these words.") }
        #expect(seen.contains("No shortcut has these words.") && !seen.contains("General"))

        seen = search("", in: window) { $0.contains("Next article") }
        #expect(seen.isSuperset(of: ["Next article", "Quit", "Reading"]) && !seen.contains("No shortcut has these words."))
    }
}
