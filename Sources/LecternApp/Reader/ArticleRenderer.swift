import ArticleModel
import CGtk4
import CLecternWidgets
import GtkBridge
import Localization

/// Turns a sanitized article document into GTK widgets styled only by CSS classes over
/// the theme's tokens: paragraphs and headings as selectable labels in the reading font,
/// lists, quotes, code blocks, figures, rules, simple tables, and cards for embeds.
@MainActor
struct ArticleRenderer {
    let images: ImageLoader?
    /// The article's, for its audio and video to play in the player (`app.play-attachment`).
    var articleID: Int64?
    /// Told when a link the article holds is refused (ExternalLinks).
    let notify: @MainActor (String) -> Void

    func render(_ blocks: [ArticleBlock]) -> [WidgetPointer] {
        blocks.map(render)
    }

    private func render(_ block: ArticleBlock) -> WidgetPointer {
        switch block {
        case .paragraph(let inlines):
            let paragraph = text(InlineMarkup.markup(inlines), classes: ["reading", "article-paragraph"])
            Accessibility.describeLinks(of: paragraph, InlineMarkup.linkTexts(inlines))
            return paragraph
        case .heading(let level, let inlines):
            let size = min(max(level, 1), 4)
            let heading = text(InlineMarkup.markup(inlines), classes: ["reading-title-\(size)", "article-heading"],
                               role: GTK_ACCESSIBLE_ROLE_HEADING, narrowest: 6)
            Accessibility.setLevel(heading, min(max(level, 1), 6))
            return heading
        case .list(let ordered, let items):
            let rows = items.enumerated().map { index, item -> WidgetPointer in
                let marker = Widgets.label(ordered ? "\(index + 1)." : "•", classes: ["reading", "list-marker"], xalign: 1)
                gtk_widget_set_valign(marker, GTK_ALIGN_START)
                let body = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, render(item))
                Widgets.expand(body, vertical: false)
                return Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10, classes: ["list-item"], [marker, body])
            }
            return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, classes: ["article-list-block"], rows)
        case .blockquote(let blocks):
            return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, classes: ["article-quote"], render(blocks))
        case .code(let code, _):
            let label = text(InlineMarkup.escape(code), classes: ["mono", "article-code"], wrap: false)
            // Every character shown: a long line scrolls across, never ends in "…".
            gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_NONE)
            return scrollingAcross(label, classes: ["article-code-block"])
        case .image(let image):
            return figure(image)
        case .rule:
            let rule = created(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
            Widgets.addClasses(rule, ["article-rule"])
            return rule
        case .table(let rows):
            let grid = created(gtk_grid_new())
            Widgets.addClasses(grid, ["article-table"])
            for (rowIndex, row) in rows.enumerated() {
                for (columnIndex, cell) in row.enumerated() {
                    let label = text(InlineMarkup.markup(cell.content),
                                     classes: ["reading", cell.isHeader ? "table-header" : "table-cell"], narrowest: nil)
                    // Whole words: a table too wide for the column scrolls across rather than
                    // breaking "Second" into "Se-co-nd".
                    gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD)
                    // The cells share the column's whole width, so the header's background
                    // and the table's border are one box of one width.
                    gtk_widget_set_hexpand(label, 1)
                    gtk_grid_attach(cast(grid), label, Int32(columnIndex), Int32(rowIndex), 1, 1)
                }
            }
            return scrollingAcross(grid, classes: ["article-table-block"])
        case .embed(let embed):
            return EmbedCard.make(embed, articleID: articleID, notify: notify)
        }
    }

    private func figure(_ image: ArticleImage) -> WidgetPointer {
        var children: [WidgetPointer] = []
        if let images {
            children.append(images.picture(for: image.url, alt: image.alt, width: image.width, height: image.height))
        } else {
            // Translators: an image the settings do not show, with its description.
            let words = image.alt.isEmpty ? tr("Image not shown") : tr("Image: {description}", ["description": image.alt])
            let placeholder = Widgets.label(words, classes: ["image-placeholder"], wrap: true)
            children.append(placeholder)
        }
        if let caption = image.caption {
            children.append(text(InlineMarkup.markup(caption), classes: ["figure-caption"]))
        }
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, classes: ["article-figure"], children)
    }

    /// A selectable, wrapping label showing `markup`; links open in the default browser when
    /// ExternalLinks lets them.
    /// A wrapping text is at least `narrowest` characters wide (headings, in their larger font,
    /// pass fewer, so that they stay as narrow as body text); nil where its natural width counts
    /// (a table's cells share the columns by it): then it asks for at most 70 characters.
    /// `child` in a scroller across, as tall as it is: a code block's long lines, a wide table.
    private func scrollingAcross(_ child: WidgetPointer, classes: [String]) -> WidgetPointer {
        let scroller = created(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), child)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scroller), 1)
        Widgets.addClasses(scroller, classes)
        return scroller
    }

    func text(_ markup: String, classes: [String], wrap: Bool = true, role: GtkAccessibleRole? = nil,
              narrowest: Int32? = 12) -> WidgetPointer {
        let label = Widgets.label("", classes: classes, wrap: wrap, role: role)
        gtk_label_set_markup(OpaquePointer(label), markup)
        ExternalLinks.guardLinks(of: label, notify: notify)
        gtk_label_set_selectable(OpaquePointer(label), 1)
        if wrap, let narrowest {
            // At least `narrowest` characters wide, and no wider by nature: the column is the
            // reading measure wide (ReadingColumn) and the text wraps at the width it is given.
            // Sized from the font rather than by GtkLabel, which lays the whole text out at that
            // narrow width before every height (lectern_label_sizing.h).
            lectern_label_size_by_characters(OpaquePointer(label), narrowest)
        } else {
            gtk_label_set_max_width_chars(OpaquePointer(label), 70)
        }
        gtk_widget_set_focus_on_click(label, 0)
        return label
    }
}
