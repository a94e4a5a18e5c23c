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

    private func labels(in widget: WidgetPointer) -> [String] {
        Widgets.descendants(of: widget).compactMap { node in
            guard g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(node)), gtk_label_get_type()) != 0,
                  let text = gtk_label_get_text(OpaquePointer(node)) else { return nil }
            return String(cString: text)
        }
    }
}
