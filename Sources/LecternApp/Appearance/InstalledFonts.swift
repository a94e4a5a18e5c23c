import CGtk4
import GtkBridge
import Theming

/// Asks Pango which installed family a theme's family list comes to, the way GTK will
/// draw it (fontconfig's aliases and fallbacks included). Answers are kept for the
/// process's life: fontconfig itself does not see fonts installed meanwhile.
///
/// The question is asked in no language. Asked in the interface's, fontconfig put a face that
/// writes that language before the families the list names by their generic name, and the
/// answer, written first in the theme's CSS, set every text in it: under Arabic the reading
/// serif came to a sans-serif face that writes Arabic, and English articles were set in it.
/// GTK itself asks for each run of text in that text's language.
@MainActor
final class InstalledFonts: @MainActor FontResolver {
    private var answers: [[String]: String] = [:]

    func installedFamily(for families: [String]) -> String? {
        if let known = answers[families] { return known }
        guard let map = pango_cairo_font_map_get_default(),
              let context = pango_font_map_create_context(map).map({ Object(adopting: $0) }) else { return nil }
        pango_context_set_language(context.opaquePointer, pango_language_from_string("und"))
        let wanted = pango_font_description_new()
        defer { pango_font_description_free(wanted) }
        pango_font_description_set_family(wanted, families.joined(separator: ","))
        pango_font_description_set_size(wanted, 11 * PANGO_SCALE)
        guard let font = pango_font_map_load_font(map, context.opaquePointer, wanted).map({ Object(adopting: $0) }) else { return nil }
        let drawn = pango_font_describe(font.as(PangoFont.self))
        defer { pango_font_description_free(drawn) }
        guard let name = pango_font_description_get_family(drawn).map({ String(cString: $0) }), !name.isEmpty else { return nil }
        answers[families] = name
        return name
    }
}
