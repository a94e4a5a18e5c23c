#ifndef LECTERN_WRAP_BOX_H
#define LECTERN_WRAP_BOX_H
/* Lays its children out in a line, at their natural widths, and carries those that do not fit
   over to the next line, as words wrap: the reader's buttons under an article's title stay
   within a 360 px column, or a German one, instead of running out of sight. GTK 4.8 has no
   such layout (GtkFlowBox wraps, but makes each child a selectable, focusable cell).

   Its own minimum width is its widest child's; a child wider than the whole line gets the
   line's width, or what is left of the line when that is at least half of it (a long file
   name, ellipsized, beside its Play button). Children keep their order, from the start edge
   (the right one in a right-to-left language) or centred; within a line they are centred
   vertically. */
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LECTERN_TYPE_WRAP_BOX (lectern_wrap_box_get_type())
G_DECLARE_FINAL_TYPE(LecternWrapBox, lectern_wrap_box, LECTERN, WRAP_BOX, GtkWidget)

/* `spacing` pixels between children on a line, `line_spacing` between lines. */
GtkWidget *lectern_wrap_box_new(int spacing, int line_spacing);
void lectern_wrap_box_append(LecternWrapBox *box, GtkWidget *child);
/* Each line centred in the width, as a welcome page's buttons are (the start edge by default). */
void lectern_wrap_box_set_centred(LecternWrapBox *box, gboolean centred);
/* How many lines the children took at the last allocation (for tests). */
int lectern_wrap_box_get_lines(LecternWrapBox *box);

G_END_DECLS
#endif
