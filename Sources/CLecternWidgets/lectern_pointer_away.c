#include "lectern_pointer_away.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

void lectern_pointer_away(GtkWidget *widget) {
#ifdef GDK_WINDOWING_X11
    GdkDisplay *display = gtk_widget_get_display(widget);
    if (!GDK_IS_X11_DISPLAY(display)) return;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    int screen = DefaultScreen(xdisplay);
    XWarpPointer(xdisplay, None, RootWindow(xdisplay, screen), 0, 0, 0, 0,
                 DisplayWidth(xdisplay, screen) - 1, DisplayHeight(xdisplay, screen) - 1);
    XFlush(xdisplay);
#else
    (void)widget;
#endif
}
