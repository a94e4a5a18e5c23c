#ifndef LECTERN_DRAG_CACHE_H
#define LECTERN_DRAG_CACHE_H
/* A pane drawn from an image of itself while the window is dragged wider or narrower.

   GTK without a GPU draws every node of the window into each frame's new buffer, and a drag of
   the window's edge gives a new buffer every frame: the sidebar and the article list, which keep
   their size beside the reader, were drawn whole in every frame, text, icons and all, exactly as
   the frame before. Told to hold, this holder draws its child into an image once its size has
   held for a frame, and shows that image for as long as the child's drawing stays the same (GTK
   gives the same render node for a widget it did not redraw, and asks this holder again whenever
   the child changed). Let go, it shows the child's own drawing again and frees the image. */
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LECTERN_TYPE_DRAG_CACHE (lectern_drag_cache_get_type())
G_DECLARE_FINAL_TYPE(LecternDragCache, lectern_drag_cache, LECTERN, DRAG_CACHE, GtkWidget)

/* A holder of `child`, which it takes (it sizes and draws it as its only child). */
GtkWidget *lectern_drag_cache_new(GtkWidget *child);

/* Hold (draw from the image) or let go. */
void lectern_drag_cache_set_holding(LecternDragCache *self, gboolean holding);

gboolean lectern_drag_cache_get_holding(LecternDragCache *self);

/* How many images of its child it has drawn (for tests and measurements). */
guint lectern_drag_cache_get_images_drawn(LecternDragCache *self);

G_END_DECLS
#endif
