import CGtk4
import Foundation
import GtkBridge
import Testing
import Theming
@testable import LecternApp

@Suite("Theme cards", .serialized, .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct ThemeCardTests {
    @Test func anInvalidThemesCardShowsWhyItCannotBeUsed() throws {
        try #require(gtk_init_check() != 0)
        let entry = ThemeEntry(name: "Broken", origin: .user, file: URL(filePath: "/tmp/broken.json"),
                               result: .failure(.missing(file: "broken.json", path: "tokens")), warnings: [])
        let card = ThemeCard.make(entry: entry, previewClass: "theme-preview-invalid", scheme: .light, isCurrent: false)
        let texts = labels(in: card)
        #expect(texts.contains("Broken"))
        #expect(texts.contains { $0.hasPrefix("Cannot be used:") && $0.contains("broken.json") }, "\(texts)")
    }

    @Test func aValidCardShowsTheDescriptionOfTheCurrentScheme() throws {
        try #require(gtk_init_check() != 0)
        let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)
        let entry = try #require(catalog.entry(named: "Paper"))
        let dark = labels(in: ThemeCard.make(entry: entry, previewClass: "p", scheme: .dark, isCurrent: true))
        #expect(dark.contains { $0.hasPrefix("Warm charcoal with amber accents") })
        #expect(!dark.contains { $0.hasPrefix("Warm parchment tones") })
    }

    /// Cards side by side in the picker keep their Edit button at the bottom, in one line,
    /// whatever the length of their descriptions.
    @Test func theEditButtonsOfARowAreInLine() throws {
        try #require(gtk_init_check() != 0)
        let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)
        let paper = try #require(catalog.theme(named: "Paper"))
        // Two cards of Paper's, one described in a word (a line), one at length (four lines, the most shown).
        let entries = try ["Calm.", String(repeating: "A long description of a theme, ", count: 12)].map { words in
            let theme = try Theme(name: "Paper", descriptions: Adaptive(light: words, dark: words), colors: paper.colors,
                                  typography: paper.typography, spacing: paper.spacing, radii: paper.radii, isHighContrast: false)
            return ThemeEntry(name: "Paper", origin: .builtIn, file: URL(filePath: "/tmp/paper.json"), result: .success(theme))
        }
        let cards = entries.map { ThemeCard.make(entry: $0, previewClass: "none", scheme: .dark, isCurrent: false) }
        let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 14, cards)
        gtk_box_set_homogeneous(cast(row), 1)
        let window = try #require(gtk_window_new())
        gtk_window_set_child(cast(window), row)
        gtk_window_set_default_size(cast(window), 440, -1)
        defer { gtk_window_destroy(cast(window)) }
        gtk_window_present(cast(window))
        _ = MainLoop.iterate(until: { gtk_widget_get_mapped(window) != 0 && gtk_widget_get_height(row) > 0 }, timeout: 5)

        let edits = cards.compactMap { card in
            Widgets.descendants(of: card).first { actionName($0) == "app.edit-theme" }
        }
        try #require(edits.count == 2)
        let tops = edits.map { button -> Float in
            var bounds = graphene_rect_t()
            _ = gtk_widget_compute_bounds(button, window, &bounds)
            return bounds.origin.y
        }
        let lines = cards.map { card in
            Widgets.descendants(of: card).first { gtk_widget_has_css_class($0, "theme-card-description") != 0 }
                .map { pango_layout_get_line_count(gtk_label_get_layout(OpaquePointer($0))) } ?? 0
        }
        #expect(lines[0] != lines[1], "the descriptions take different heights: \(lines)")
        #expect(tops[0] == tops[1], "the Edit buttons are at \(tops)")
    }

    @Test func aUserThemeThatFailsContrastCarriesAWarningAndFixContrast() throws {
        try #require(gtk_init_check() != 0)
        let paper = try ThemeFile.load(LecternSandbox.packageRoot.appending(path: "Themes/paper.json"))
        let findings = ["Dim: contrast: dark: text_primary on bg_primary is 1:1, needs 4.5:1 (body text)"]
        let mine = ThemeEntry(name: "Dim", origin: .user, file: URL(filePath: "/tmp/dim.json"), result: .success(paper), warnings: findings)
        let card = ThemeCard.make(entry: mine, previewClass: "p", scheme: .dark, isCurrent: false)
        #expect(warning(in: card)?.contains("text_primary on bg_primary is 1:1") == true, "the findings are not on the card")
        let fix = Widgets.descendants(of: card).first { node in
            g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(node)), gtk_button_get_type()) != 0
                && string(gtk_actionable_get_action_name(OpaquePointer(node))) == "app.fix-contrast"
        }
        let target = try #require(fix.flatMap { gtk_actionable_get_action_target_value(OpaquePointer($0)) }, "no Fix Contrast button")
        #expect(string(g_variant_get_string(target, nil)) == "/tmp/dim.json")
        // A built-in theme cannot be rewritten: only the warning.
        let builtIn = ThemeEntry(name: "Dim", origin: .builtIn, file: URL(filePath: "/tmp/dim.json"), result: .success(paper), warnings: findings)
        let plain = ThemeCard.make(entry: builtIn, previewClass: "p", scheme: .dark, isCurrent: false)
        #expect(warning(in: plain) != nil)
        #expect(!labels(in: plain).contains("Fix Contrast"))
    }

    /// The tooltip of the card's contrast warning.
    private func warning(in card: WidgetPointer) -> String? {
        Widgets.descendants(of: card).lazy.compactMap { node -> String? in
            guard gtk_widget_has_css_class(node, "theme-card-warning") != 0 else { return nil }
            return string(gtk_widget_get_tooltip_text(node))
        }.first
    }

    private func labels(in widget: WidgetPointer) -> [String] {
        Widgets.descendants(of: widget).compactMap { node in
            guard g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(node)), gtk_label_get_type()) != 0,
                  let text = gtk_label_get_text(OpaquePointer(node)) else { return nil }
            return String(cString: text)
        }
    }
}
