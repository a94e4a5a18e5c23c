import CGtk4
import Foundation
import Testing
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
