#include "lectern_label_sizing.h"

struct _LecternLabelSizing {
    GtkLayoutManager parent_instance;
};

G_DEFINE_FINAL_TYPE(LecternLabelSizing, lectern_label_sizing, GTK_TYPE_LAYOUT_MANAGER)

int lectern_character_width(GtkWidget *widget) {
    PangoFontMetrics *metrics = pango_context_get_metrics(gtk_widget_get_pango_context(widget), NULL, NULL);
    int width = MAX(pango_font_metrics_get_approximate_char_width(metrics),
                    pango_font_metrics_get_approximate_digit_width(metrics));
    pango_font_metrics_unref(metrics);
    return width;
}

static GtkSizeRequestMode lectern_label_sizing_get_request_mode(GtkLayoutManager *manager, GtkWidget *widget) {
    (void)manager; (void)widget;
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void lectern_label_sizing_measure(GtkLayoutManager *manager, GtkWidget *widget, GtkOrientation orientation,
                                         int for_size, int *minimum, int *natural,
                                         int *minimum_baseline, int *natural_baseline) {
    (void)manager;
    GtkLabel *label = GTK_LABEL(widget);
    if (orientation == GTK_ORIENTATION_HORIZONTAL && for_size < 0) {
        *minimum = *natural = PANGO_PIXELS_CEIL(lectern_character_width(widget) * gtk_label_get_width_chars(label));
        return;
    }
    /* A height as GtkLabel measures it: on its own layout when that is already the width
       asked for (a theme switch, a text size), on a copy otherwise, so that a width GTK only
       tries out is never the one the text is drawn at. */
    GTK_WIDGET_GET_CLASS(widget)->measure(widget, orientation, for_size, minimum, natural,
                                          minimum_baseline, natural_baseline);
}

static void lectern_label_sizing_allocate(GtkLayoutManager *manager, GtkWidget *widget,
                                          int width, int height, int baseline) {
    (void)manager;
    GTK_WIDGET_GET_CLASS(widget)->size_allocate(widget, width, height, baseline);
}

static void lectern_label_sizing_class_init(LecternLabelSizingClass *klass) {
    GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS(klass);
    manager_class->get_request_mode = lectern_label_sizing_get_request_mode;
    manager_class->measure = lectern_label_sizing_measure;
    manager_class->allocate = lectern_label_sizing_allocate;
}

static void lectern_label_sizing_init(LecternLabelSizing *self) {
    (void)self;
}

void lectern_label_size_by_characters(GtkLabel *label, int characters) {
    g_return_if_fail(GTK_IS_LABEL(label));
    g_return_if_fail(gtk_label_get_wrap(label) && gtk_label_get_ellipsize(label) == PANGO_ELLIPSIZE_NONE);
    gtk_label_set_width_chars(label, characters);
    gtk_label_set_max_width_chars(label, characters);
    if (!LECTERN_IS_LABEL_SIZING(gtk_widget_get_layout_manager(GTK_WIDGET(label))))
        gtk_widget_set_layout_manager(GTK_WIDGET(label), g_object_new(LECTERN_TYPE_LABEL_SIZING, NULL));
}
