import CGtk4
import Foundation
import GtkBridge
import Library
import Localization

/// The widgets of one article row, made once per visible slot and re-filled as the list
/// scrolls: unread dot, title, feed and relative date, a one-line excerpt, a star; in the
/// Podcasts view the show's artwork before them and the episode's state for the excerpt.
@MainActor
final class ArticleRowWidget {
    let root: WidgetPointer
    private let dot: WidgetPointer
    private let title: WidgetPointer
    private let meta: WidgetPointer
    private let excerpt: WidgetPointer
    private let star: WidgetPointer
    /// Made the first time the row shows an episode (most rows never do).
    private var artwork: WidgetPointer?
    static let artworkSize: Int32 = 44

    init() {
        // A styled box, not a symbolic icon: the cairo renderer recolours an icon through an
        // offscreen image every frame, a round box is one fill.
        dot = Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["unread-dot"])
        title = TextLine.make(classes: ["article-row-title"])
        star = Widgets.icon("starred-symbolic", size: 14, classes: ["starred-mark"])
        Accessibility.hide(star)   // the row's name says "starred"
        meta = TextLine.make(classes: ["article-row-meta"])
        excerpt = TextLine.make(classes: ["article-row-excerpt"])
        gtk_widget_set_valign(dot, GTK_ALIGN_CENTER)
        Widgets.expand(title, vertical: false)
        // One grid, not boxes in boxes: a theme switch restyles every node of every row in
        // sight, and two of a row's eight were boxes holding the others. The dot, the title
        // and the star make the first line; the feed and date, and the excerpt, sit under the
        // title; an episode's artwork takes the column before them all.
        root = created(gtk_grid_new())
        Widgets.addClasses(root, ["article-row"])
        let grid: UnsafeMutablePointer<GtkGrid> = cast(root)
        gtk_grid_set_column_spacing(grid, 6)
        gtk_grid_set_row_spacing(grid, 3)
        gtk_grid_attach(grid, dot, 1, 0, 1, 1)
        gtk_grid_attach(grid, title, 2, 0, 1, 1)
        gtk_grid_attach(grid, star, 3, 0, 1, 1)
        gtk_grid_attach(grid, meta, 2, 1, 2, 1)
        gtk_grid_attach(grid, excerpt, 2, 2, 2, 1)
    }

    private func showArtwork(_ picture: OpaquePointer?) {
        if artwork == nil, picture != nil {
            let image = created(gtk_image_new())
            gtk_image_set_pixel_size(OpaquePointer(image), Self.artworkSize)
            gtk_widget_set_valign(image, GTK_ALIGN_CENTER)
            Widgets.addClasses(image, ["episode-artwork"])
            gtk_widget_set_overflow(image, GTK_OVERFLOW_HIDDEN)   // its corners rounded by the theme
            gtk_widget_set_margin_end(image, 4)   // 10 px from the words, with the grid's 6
            Accessibility.hide(image)   // the row's name says the show
            gtk_grid_attach(cast(root), image, 0, 0, 1, 3)
            artwork = image
        }
        guard let artwork else { return }
        gtk_image_set_from_paintable(OpaquePointer(artwork), picture)
        gtk_widget_set_visible(artwork, picture == nil ? 0 : 1)
    }

    /// Fills the row; `artwork` (the show's picture) shows beside an episode's row only.
    func show(_ row: ArticleRow?, artwork picture: OpaquePointer? = nil, now: Date = Date()) {
        showArtwork(row?.episode == nil ? nil : picture)
        guard let row else {
            [title, meta, excerpt].forEach { TextLine.setText($0, "") }
            return
        }
        TextLine.setText(title, row.title ?? tr("Untitled"))
        TextDirection.apply(WritingDirection.of(first: [row.title ?? "", row.excerpt ?? ""]), to: root)
        TextLine.setText(meta, WritingDirection.isolating([row.feedTitle, RelativeDate.text(row.date, now: now)], separator: " · "))
        // In the Podcasts view, the episode in a few words takes the excerpt's place.
        let line = row.episode.map { EpisodeText.describe($0, whenUnheard: tr("Not played yet")) } ?? row.excerpt ?? ""
        TextLine.setText(excerpt, line)
        gtk_widget_set_visible(excerpt, line.isEmpty ? 0 : 1)
        gtk_widget_set_opacity(dot, row.read ? 0 : 1)
        gtk_widget_set_visible(star, row.starred ? 1 : 0)
        if row.read { gtk_widget_remove_css_class(root, "unread") } else { gtk_widget_add_css_class(root, "unread") }
        // Translators: an article row's state, read out after its title, feed and date.
        let state = LocaleFormats.list([row.read ? nil : tr("unread"), row.starred ? tr("starred") : nil].compactMap { $0 })
        // An episode's row says where it stands too ("1 min left", "Played").
        Accessibility.labelRow(holding: root, LocaleFormats.list([row.title ?? tr("Untitled"), row.feedTitle, RelativeDate.text(row.date, now: now), state,
                                                                  row.episode == nil ? "" : line].filter { !$0.isEmpty }))
    }
}

/// "5 min ago", "Yesterday", "3 days ago", "12 Mar" — short enough for a list row.
enum RelativeDate {
    static func text(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return tr("Just now") }
        if seconds < 3600 {
            // Translators: minutes since an article came, short for a list row.
            return tr("{count} min ago", plural: "{count} min ago", count: Int(seconds / 60))
        }
        let calendar = Calendar.current
        if calendar.isDate(date, inSameDayAs: now) {
            // Translators: hours since an article came, short for a list row.
            return tr("{count} h ago", plural: "{count} h ago", count: Int(seconds / 3600))
        }
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        if days == 1 { return tr("Yesterday") }
        if days < 7 { return tr("{count} day ago", plural: "{count} days ago", count: days) }
        return LocaleFormats.day(date, now: now)
    }
}
