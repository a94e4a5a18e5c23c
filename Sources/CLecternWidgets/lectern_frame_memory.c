#include "lectern_frame_memory.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <cairo-xlib.h>
#endif

#define RESERVE_KEY "lectern-frame-memory"

typedef struct {
    cairo_surface_t *reserve;  /* an image in one of cairo-xlib's shared-memory pools */
    gsize block;               /* the pool block it holds: a power of two, as cairo's pools hand out */
} FrameMemory;

static void frame_memory_free(gpointer data) {
    FrameMemory *memory = data;
    g_clear_pointer(&memory->reserve, cairo_surface_destroy);
    g_free(memory);
}

#ifdef GDK_WINDOWING_X11
/* cairo-xlib's pools hand out power-of-two blocks of at least 64 KB, and make a new pool
   eight blocks large for a request that fits in no pool: a reserve of the frame's block
   therefore sits in a pool with room for the frame beside it. */
static gsize block_for(gsize bytes) {
    gsize block = 1 << 16;
    while (block <= bytes) block <<= 1;
    return block;
}

static void reserve_for(GdkSurface *surface, FrameMemory *memory, int width, int height) {
    int scale = gdk_surface_get_scale_factor(surface);
    int pixels_wide = MAX(width * scale, 1), pixels_high = MAX(height * scale, 1);
    gsize bytes = (gsize)cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, pixels_wide) * (gsize)pixels_high;
    gsize block = block_for(bytes);
    if (memory->reserve != NULL && memory->block >= block) return;  /* a smaller frame fits the pool */

    Display *xdisplay = gdk_x11_display_get_xdisplay(gdk_surface_get_display(surface));
    int screen = DefaultScreen(xdisplay);
    cairo_surface_t *root = cairo_xlib_surface_create(xdisplay, RootWindow(xdisplay, screen),
                                                      DefaultVisual(xdisplay, screen), 1, 1);
    cairo_surface_t *reserve = cairo_surface_create_similar_image(root, CAIRO_FORMAT_ARGB32, pixels_wide, pixels_high);
    cairo_surface_destroy(root);
    /* Without shared memory (a remote display) cairo answers with a plain image: nothing to keep. */
    if (cairo_surface_status(reserve) != CAIRO_STATUS_SUCCESS || cairo_surface_get_device(reserve) == NULL) {
        cairo_surface_destroy(reserve);
        reserve = NULL;
    }
    g_clear_pointer(&memory->reserve, cairo_surface_destroy);
    memory->reserve = reserve;
    memory->block = reserve != NULL ? block : 0;
}

static void on_layout(GdkSurface *surface, int width, int height, gpointer data) {
    reserve_for(surface, data, width, height);
}
#endif

static void on_realize(GtkWidget *widget, gpointer data) {
    (void)data;
#ifdef GDK_WINDOWING_X11
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(widget));
    GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(widget));
    if (surface == NULL || !GDK_IS_X11_DISPLAY(gdk_surface_get_display(surface))) return;
    if (renderer == NULL || !GSK_IS_CAIRO_RENDERER(renderer)) return;
    FrameMemory *memory = g_new0(FrameMemory, 1);
    g_object_set_data_full(G_OBJECT(surface), RESERVE_KEY, memory, frame_memory_free);
    g_signal_connect(surface, "layout", G_CALLBACK(on_layout), memory);
    reserve_for(surface, memory, MAX(gdk_surface_get_width(surface), 1), MAX(gdk_surface_get_height(surface), 1));
#else
    (void)widget;
#endif
}

void lectern_keep_frame_memory(GtkWindow *window) {
    g_signal_connect_after(window, "realize", G_CALLBACK(on_realize), NULL);
}
