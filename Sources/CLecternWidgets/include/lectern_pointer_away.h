#ifndef LECTERN_POINTER_AWAY_H
#define LECTERN_POINTER_AWAY_H
/* For make bench's resize measurement: moves an X display's pointer to the screen's last pixel,
   off the window, as it is while the edge of the window is dragged (the window manager holds
   the pointer at that edge, and the widgets under it do not change). Left where it is, in the
   middle of a headless display, it would pass from pane to pane as the window resizes, and GTK
   would restyle what it leaves and what it enters. Nothing on Wayland (a headless compositor
   has no pointer). */
#include <gtk/gtk.h>

G_BEGIN_DECLS

void lectern_pointer_away(GtkWidget *widget);

G_END_DECLS
#endif
