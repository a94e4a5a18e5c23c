#ifndef LECTERN_CLAMP_H
#define LECTERN_CLAMP_H
/* Holds one child at most a measure wide (so many characters of a reference widget's
   font), centred in the width it is given: the reader's ~70-character column.

   A centred GtkBox asks its wrapping labels for their width at the pane's height on every
   relayout, and each label answers by laying its text out a dozen times to find the
   narrowest fit; the window's own size check lays every paragraph out twice more. The
   clamp asks its child only for a height at the width it will give it, so a relayout
   (a theme switch, a text size, a resize) lays each paragraph out once. It asks for no
   width of its own beyond the measure: the child is never measured across. */
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LECTERN_TYPE_CLAMP (lectern_clamp_get_type())
G_DECLARE_FINAL_TYPE(LecternClamp, lectern_clamp, LECTERN, CLAMP, GtkWidget)

GtkWidget *lectern_clamp_new(void);
/* Replaces the child (NULL for none). */
void lectern_clamp_set_child(LecternClamp *clamp, GtkWidget *child);
/* The measure: `characters` of `reference`'s font (as GtkLabel's max-width-chars counts
   them). The reference is held weakly; without one, the child gets the whole width. */
void lectern_clamp_set_measure(LecternClamp *clamp, GtkWidget *reference, int characters);
/* The width the child is given out of `width` (for tests). */
int lectern_clamp_child_width(LecternClamp *clamp, int width);

G_END_DECLS
#endif
