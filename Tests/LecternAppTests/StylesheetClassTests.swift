import CGtk4
import Foundation
import GtkBridge
import Testing
import TestSupport
import Theming

/// Lectern's semantic classes are its own: GTK's built-in theme styles some class names for its
/// own widgets (`row image.sidebar-icon` is dimmed to 0.7 opacity for the file chooser's places),
/// and a Lectern class of the same name takes those rules too, unseen by the contrast checker.
/// Only the stock classes Lectern restyles on purpose may be shared.
@Suite("Stylesheet classes beside GTK's theme", .enabled(if: hasDisplay, "needs a display: run under make check"))
@MainActor
struct StylesheetClassTests {
    /// GTK's own conventions that Lectern's stylesheet restyles deliberately.
    static let deliberatelyShared: Set<String> = [
        "background",   // a window's or popover's background
        "dim-label",    // secondary text in dialogs
        "flat",         // borderless buttons
        "keycap",       // the shortcuts window's keys
        "link",         // link buttons and labels
        "sidebar",      // the sidebar's scroller
        "view",         // text views and lists
    ]

    @Test func noClassOfLecternsIsStyledByGTKsThemeUnawares() throws {
        try #require(gtk_init_check() != 0)
        let ours = Self.classes(inSelectorsOf: try ComponentStylesheet.text(in: LecternSandbox.packageRoot.appending(path: "Resources")))
        var gtks: Set<String> = []
        for variant in ["Default-light", "Default-dark", "Default-hc", "Default-hc-dark"] {
            let bytes = try #require(g_resources_lookup_data("/org/gtk/libgtk/theme/Default/\(variant).css", G_RESOURCE_LOOKUP_FLAGS_NONE, nil),
                                     "GTK's \(variant).css is not among its resources")
            defer { g_bytes_unref(bytes) }
            var size = 0
            let data = try #require(g_bytes_get_data(bytes, &size))
            gtks.formUnion(Self.classes(inSelectorsOf: String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)))
        }
        #expect(ours.count > 50 && gtks.contains("sidebar-icon"), "ours: \(ours.count), GTK's: \(gtks.count)")
        let unaware = ours.intersection(gtks).subtracting(Self.deliberatelyShared)
        #expect(unaware.isEmpty, "GTK's own theme also styles these classes: \(unaware.sorted()); rename them, or list them here if the sharing is meant")
        #expect(Self.deliberatelyShared.subtracting(ours.intersection(gtks)).isEmpty, "listed as shared, but no longer: \(Self.deliberatelyShared.subtracting(ours.intersection(gtks)).sorted())")
    }

    /// Lectern's stylesheet in this process, wearing Paper's light tokens (`detach()` it when done).
    private func wearPaper() throws -> (stylesheet: InProcessStylesheet, paper: Theme) {
        let catalog = ThemeCatalog(builtInDirectory: LecternSandbox.packageRoot.appending(path: "Themes"), userDirectory: nil)
        let paper = try #require(catalog.theme(named: "Paper"))
        let stylesheet = try InProcessStylesheet()
        #expect(stylesheet.componentErrors.isEmpty)
        #expect(stylesheet.wear(paper, .light).isEmpty)
        return (stylesheet, paper)
    }

    /// Text GTK's theme dims with opacity 0.55 (`.dim-label`, an entry's placeholder) is drawn
    /// in its token's colour at full strength: Paper's dimmed labels were 2.5:1 on their background.
    @Test func dimmedTextWearsItsTokensColourAtFullStrength() throws {
        try #require(gtk_init_check() != 0)
        let (stylesheet, paper) = try wearPaper()
        defer { stylesheet.detach() }

        let label = Widgets.label("This program comes with absolutely no warranty.", classes: ["dim-label"])
        let entry = created(gtk_entry_new())
        gtk_entry_set_placeholder_text(cast(entry), "Search articles")
        let window = created(gtk_window_new())
        gtk_window_set_child(cast(window), Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [label, entry]))
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        let shown = MainLoop.iterate(until: { gtk_widget_get_mapped(entry) != 0 && gtk_widget_get_height(entry) > 0 }, timeout: 5)
        try #require(shown)
        let folder = FileManager.default.temporaryDirectory.appending(path: "lectern-dimmed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Glyphs' solid cores are the token's colour exactly; dimmed, none is. The placeholder's
        // thin letters have fewer of them.
        for (widget, token, least) in [(label, ColorToken.textSecondary, 20), (entry, .textTertiary, 3)] {
            let path = folder.appending(path: "\(token.rawValue).png").path
            _ = try WidgetCapture.savePNG(of: widget, to: path)
            let image = try #require(PNGImage(path: path))
            let colour = paper.color(token, for: .light).hex.lowercased()
            #expect(image.count(of: colour) > least, "\(token.rawValue) \(colour): \(image.count(of: colour)) pixels")
        }
    }

    /// A menu item's shortcut is drawn in the secondary text's colour, not GTK's 0.55 alpha of
    /// the text's (3.5:1 on Paper's menu).
    @Test func aMenuItemsShortcutWearsTheSecondaryTextColour() throws {
        try #require(gtk_init_check() != 0)
        let (stylesheet, paper) = try wearPaper()
        defer { stylesheet.detach() }

        // Items with shortcuts, their action there to be run (an item without one is greyed). The
        // menu opens with its first item selected; the second's shortcut is on the menu's ground.
        let menu = g_menu_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(menu)) }
        for (title, accel) in [("Themes…", "<Control>t"), ("Preferences", "<Control>comma")] {
            let item = g_menu_item_new(title, "test.preferences")!
            g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accel))
            g_menu_append_item(menu, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        let actions = g_simple_action_group_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(actions)) }
        let action = g_simple_action_new("preferences", nil)!
        g_action_map_add_action(OpaquePointer(actions), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        let button = created(gtk_menu_button_new())
        gtk_menu_button_set_menu_model(OpaquePointer(button), UnsafeMutablePointer<GMenuModel>(menu))
        let window = created(gtk_window_new())
        gtk_widget_insert_action_group(window, "test", OpaquePointer(actions))
        gtk_window_set_child(cast(window), button)
        gtk_window_present(cast(window))
        defer { gtk_window_destroy(cast(window)) }
        _ = MainLoop.iterate(until: { gtk_widget_get_mapped(button) != 0 }, timeout: 5)
        gtk_menu_button_popup(OpaquePointer(button))
        defer { MenuClosing.closeBeforeItsWindowGoes { gtk_menu_button_popdown(OpaquePointer(button)) } }
        var shortcut: WidgetPointer?
        let shown = MainLoop.iterate(until: {
            shortcut = Widgets.descendants(of: button).first { String(cString: gtk_widget_get_css_name($0)) == "accelerator" && gtk_widget_get_mapped($0) != 0 }
            return shortcut.map { gtk_widget_get_height($0) > 0 } ?? false
        }, timeout: 5)
        try #require(shown, "the menu's shortcut was not shown")
        let path = FileManager.default.temporaryDirectory.appending(path: "lectern-shortcut-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The menu, drawn on its own background: the shortcut's glyphs have no opaque ground.
        var popover = try #require(shortcut)
        while String(cString: gtk_widget_get_css_name(popover)) != "popover", let parent = gtk_widget_get_parent(popover) { popover = parent }
        _ = try WidgetCapture.savePNG(of: popover, to: path)
        let image = try #require(PNGImage(path: path))
        let colour = paper.color(.textSecondary, for: .light).hex.lowercased()
        #expect(image.count(of: colour) > 5, "the shortcut's glyphs in text_secondary \(colour): \(image.count(of: colour)) pixels")
    }

    /// The class names in a stylesheet's selectors (comments and declaration blocks left out).
    static func classes(inSelectorsOf css: String) -> Set<String> {
        var selectors = "", depth = 0
        var rest = Substring(css)
        while let comment = rest.range(of: "/*") {
            selectors += outsideBlocks(rest[..<comment.lowerBound], depth: &depth)
            rest = rest[comment.upperBound...].range(of: "*/").map { rest[$0.upperBound...] } ?? ""
        }
        selectors += outsideBlocks(rest, depth: &depth)
        var names: Set<String> = []
        let pattern = /\.([A-Za-z_][A-Za-z0-9_-]*)/
        for match in selectors.matches(of: pattern) { names.insert(String(match.1)) }
        return names
    }

    private static func outsideBlocks(_ text: Substring, depth: inout Int) -> String {
        var kept = ""
        for character in text {
            if character == "{" { depth += 1; kept.append(" ") } else if character == "}" { depth = max(0, depth - 1) } else if depth == 0 { kept.append(character) }
        }
        return kept
    }
}
