#include "lectern_wrap_box.h"

struct _LecternWrapBox {
    GtkWidget parent_instance;
    int spacing, line_spacing;
    gboolean centred;
    int lines;
};

G_DEFINE_FINAL_TYPE(LecternWrapBox, lectern_wrap_box, GTK_TYPE_WIDGET)

/* One child placed on a line: its width there, and its heights at that width. */
typedef struct {
    GtkWidget *child;
    int width, minimum_height, natural_height;
} Placed;

typedef struct {
    int minimum_height, natural_height, lines;
} Extent;

/* Places the line's children, `line->len` of them, below the lines `extent` holds (when
   allocating), and adds the line's heights to `extent`. */
static void end_line(LecternWrapBox *self, GArray *line, int width, gboolean allocate, Extent *extent) {
    int gap = extent->lines > 0 ? self->line_spacing : 0;
    int y = extent->natural_height + gap;
    int minimum = 0, natural = 0;
    for (guint i = 0; i < line->len; i++) {
        Placed *placed = &g_array_index(line, Placed, i);
        minimum = MAX(minimum, placed->minimum_height);
        natural = MAX(natural, placed->natural_height);
    }
    if (allocate) {
        gboolean rtl = gtk_widget_get_direction(GTK_WIDGET(self)) == GTK_TEXT_DIR_RTL;
        int used = 0;
        for (guint i = 0; i < line->len; i++) used += (i > 0 ? self->spacing : 0) + g_array_index(line, Placed, i).width;
        int x = self->centred ? MAX(0, (width - used) / 2) : 0;
        for (guint i = 0; i < line->len; i++) {
            Placed *placed = &g_array_index(line, Placed, i);
            int height = MIN(placed->natural_height, natural);
            int left = rtl ? width - x - placed->width : x;
            GskTransform *at = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT((float)left, (float)(y + (natural - height) / 2)));
            gtk_widget_allocate(placed->child, placed->width, height, -1, at);
            x += placed->width + self->spacing;
        }
    }
    extent->minimum_height += gap + minimum;
    extent->natural_height += gap + natural;
    extent->lines += 1;
    g_array_set_size(line, 0);
}

/* The one place the lines are worked out: measured at `width` (-1: all on one line), and
   allocated there when `allocate` is set. */
static Extent lay_out(LecternWrapBox *self, int width, gboolean allocate) {
    Extent extent = {0, 0, 0};
    GArray *line = g_array_new(FALSE, FALSE, sizeof(Placed));
    int x = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(self)); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        int minimum_width, natural_width;
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum_width, &natural_width, NULL, NULL);
        int child_width = width < 0 ? natural_width : MIN(natural_width, width);
        if (line->len > 0 && width >= 0 && x + self->spacing + child_width > width) {
            /* A child to be shortened anyway (a long file name that ellipsizes) is shortened where
               it is, when at least half the line is left for it; any other goes to a new line. */
            int left = width - x - self->spacing;
            if (natural_width > width && left >= MAX(minimum_width, width / 2)) {
                child_width = left;
            } else {
                end_line(self, line, width, allocate, &extent);
                x = 0;
            }
        }
        Placed placed = {child, child_width, 0, 0};
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, child_width, &placed.minimum_height, &placed.natural_height, NULL, NULL);
        x += (line->len > 0 ? self->spacing : 0) + child_width;
        g_array_append_val(line, placed);
    }
    if (line->len > 0) {
        end_line(self, line, width, allocate, &extent);
    }
    g_array_unref(line);
    return extent;
}

static void lectern_wrap_box_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                     int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)minimum_baseline; (void)natural_baseline;
    LecternWrapBox *self = LECTERN_WRAP_BOX(widget);
    *minimum = *natural = 0;
    if (orientation == GTK_ORIENTATION_VERTICAL) {
        Extent extent = lay_out(self, for_size, FALSE);
        *minimum = extent.minimum_height;
        *natural = extent.natural_height;
        return;
    }
    int shown = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_should_layout(child)) continue;
        int child_minimum, child_natural;
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, &child_natural, NULL, NULL);
        *minimum = MAX(*minimum, child_minimum);
        *natural += (shown++ > 0 ? self->spacing : 0) + child_natural;
    }
}

static void lectern_wrap_box_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)height; (void)baseline;
    LecternWrapBox *self = LECTERN_WRAP_BOX(widget);
    self->lines = lay_out(self, width, TRUE).lines;
}

static GtkSizeRequestMode lectern_wrap_box_get_request_mode(GtkWidget *widget) {
    (void)widget;
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void lectern_wrap_box_dispose(GObject *object) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) gtk_widget_unparent(child);
    G_OBJECT_CLASS(lectern_wrap_box_parent_class)->dispose(object);
}

static void lectern_wrap_box_class_init(LecternWrapBoxClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = lectern_wrap_box_dispose;
    widget_class->measure = lectern_wrap_box_measure;
    widget_class->size_allocate = lectern_wrap_box_size_allocate;
    widget_class->get_request_mode = lectern_wrap_box_get_request_mode;
    gtk_widget_class_set_css_name(widget_class, "wrapbox");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void lectern_wrap_box_init(LecternWrapBox *self) {
    self->spacing = self->line_spacing = 0;
    self->centred = FALSE;
    self->lines = 0;
}

GtkWidget *lectern_wrap_box_new(int spacing, int line_spacing) {
    LecternWrapBox *self = g_object_new(LECTERN_TYPE_WRAP_BOX, NULL);
    self->spacing = MAX(spacing, 0);
    self->line_spacing = MAX(line_spacing, 0);
    return GTK_WIDGET(self);
}

void lectern_wrap_box_append(LecternWrapBox *self, GtkWidget *child) {
    g_return_if_fail(LECTERN_IS_WRAP_BOX(self));
    g_return_if_fail(GTK_IS_WIDGET(child));
    gtk_widget_set_parent(child, GTK_WIDGET(self));
}

void lectern_wrap_box_set_centred(LecternWrapBox *self, gboolean centred) {
    g_return_if_fail(LECTERN_IS_WRAP_BOX(self));
    self->centred = centred;
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

int lectern_wrap_box_get_lines(LecternWrapBox *self) {
    g_return_val_if_fail(LECTERN_IS_WRAP_BOX(self), 0);
    return self->lines;
}
