#ifndef LECTERN_FRAME_MEMORY_H
#define LECTERN_FRAME_MEMORY_H
/* Keeps the shared memory that carries a software-drawn X11 window's frames to the X server.

   Without a GPU, GTK draws a frame with cairo into an image and cairo-xlib copies it to the
   window through a MIT-SHM segment from a pool it keeps. cairo frees a pool as soon as
   nothing in it is in use, which is at the end of every frame: each full frame then makes a
   new segment eight times its own size (32 MB for a 1200x800 window), has the X server
   attach it, and takes a page fault on every 4 KB it writes. That was more than half of a
   theme switch's paint on X11.

   A window given this keeps one frame-sized block of a pool allocated (never written, so
   never resident) while the window shows, so the pool lives on and each frame reuses the
   pages the frame before it wrote. It does nothing on Wayland, with a GPU renderer, or where
   the X server has no shared memory. */
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Call once, before the window is realized. */
void lectern_keep_frame_memory(GtkWindow *window);

G_END_DECLS
#endif
