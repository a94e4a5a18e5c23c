import Foundation

/// Lectern's component stylesheet: one file per part of the window in
/// `Resources/style/`, read in cascade order and loaded as one provider.
///
/// It styles Lectern's semantic classes and GTK's stock widgets with token names only
/// (`@bg_primary`, `@text_link`, `@shadow`, …). The colours come from the theme's
/// generated provider (``CSSGenerator``), reloaded in place when the theme or scheme
/// changes; no raw colour may appear here (a test enforces it). Fonts, radii and spacing
/// steps come from the same provider (`window`, `.title-*`, `.reading`, `.radius-*`,
/// `.pad-*`, `.gap-*`).
public enum ComponentStylesheet {
    /// The files, in the order their rules cascade: a later file wins a tie.
    public static let files = ["window.css", "sidebar.css", "article-list.css", "reader.css", "states.css",
                               "notices.css", "player.css", "theme-picker.css", "welcome.css", "preferences.css", "accent.css"]

    /// `Resources/style` under `resources`.
    public static func folder(in resources: URL) -> URL {
        resources.appending(path: "style", directoryHint: .isDirectory)
    }

    /// Every file's text, in cascade order, as one stylesheet.
    public static func text(in resources: URL) throws -> String {
        let folder = folder(in: resources)
        return try files.map { try String(contentsOf: folder.appending(path: $0), encoding: .utf8) }.joined(separator: "\n")
    }
}
