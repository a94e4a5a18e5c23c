#ifndef LECTERN_LABEL_SIZING_H
#define LECTERN_LABEL_SIZING_H
/* Sizes a wrapping GtkLabel whose width-chars and max-width-chars are the same number:
   it is that many characters of its font wide at least and by nature, and as tall as its
   text wrapped at the width it is given.

   GTK asks a wrapping label for its width before every height (to keep the width it gives
   at least that), and GtkLabel answers by laying the whole text out at that narrow width:
   a dozen characters a line, the dearest layout of all, then again at its natural width.
   Its answer is the width of so many characters (short of text that cannot break that
   narrow), so this gives that from the font's metrics without laying anything out. Heights
   are GtkLabel's own, worked out on the layout it draws: the text is laid out once for each
   width it is given (a theme switch, a text size, each frame of a resize), rather than three
   times for a relayout and twice for a new width. */
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LECTERN_TYPE_LABEL_SIZING (lectern_label_sizing_get_type())
G_DECLARE_FINAL_TYPE(LecternLabelSizing, lectern_label_sizing, LECTERN, LABEL_SIZING, GtkLayoutManager)

/* The width of one character of `widget`'s font as GtkLabel counts it for width-chars: the
   wider of the font's approximate letter and digit, in Pango units. */
int lectern_character_width(GtkWidget *widget);

/* Sizes `label` so (it must wrap, not ellipsize); its width in characters is set to
   `characters`, width-chars and max-width-chars alike. */
void lectern_label_size_by_characters(GtkLabel *label, int characters);

G_END_DECLS
#endif
