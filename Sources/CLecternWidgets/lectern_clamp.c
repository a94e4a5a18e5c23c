#include "lectern_clamp.h"
#include "lectern_label_sizing.h"

struct _LecternClamp {
    GtkWidget parent_instance;
    GtkWidget *child;
    GWeakRef reference;
    int characters;
    /* The child's height at the last width it was measured for (-1: none yet). */
    int known_minimum, known_natural;
};

G_DEFINE_FINAL_TYPE(LecternClamp, lectern_clamp, GTK_TYPE_WIDGET)

/* The measure in pixels, or -1 without a reference: characters × the width of one
   character of the reference's font, as GtkLabel counts it. */
static int measure_pixels(LecternClamp *self) {
    GtkWidget *reference = g_weak_ref_get(&self->reference);
    if (reference == NULL || self->characters <= 0) {
        g_clear_object(&reference);
        return -1;
    }
    int character = lectern_character_width(reference);
    g_object_unref(reference);
    return PANGO_PIXELS_CEIL(character * self->characters);
}

int lectern_clamp_child_width(LecternClamp *self, int width) {
    g_return_val_if_fail(LECTERN_IS_CLAMP(self), width);
    int measure = measure_pixels(self);
    if (measure < 0) return width;     /* no measure: all of it (-1: as wide as it likes) */
    if (width < 0) return measure;
    return MIN(width, measure);
}

static void lectern_clamp_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                  int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)minimum_baseline; (void)natural_baseline;
    LecternClamp *self = LECTERN_CLAMP(widget);
    *minimum = *natural = 0;
    if (self->child == NULL || !gtk_widget_get_visible(self->child)) return;
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        int measure = measure_pixels(self);
        if (measure >= 0) {
            *natural = measure;   /* the child fits any width: its text wraps */
        } else {
            gtk_widget_measure(self->child, orientation, for_size, minimum, natural, NULL, NULL);
        }
        return;
    }
    /* Asked for a height at no width in particular — GtkScrolledWindow asks so whenever the
       window works out its own size, and drops the answer — the clamp gives the height its
       child had at the width last given, instead of laying every paragraph out again. */
    if (for_size < 0 && self->known_minimum >= 0) {
        *minimum = self->known_minimum;
        *natural = self->known_natural;
        return;
    }
    gtk_widget_measure(self->child, orientation, lectern_clamp_child_width(self, for_size), minimum, natural, NULL, NULL);
    self->known_minimum = *minimum;
    self->known_natural = *natural;
}

static void lectern_clamp_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    LecternClamp *self = LECTERN_CLAMP(widget);
    if (self->child == NULL || !gtk_widget_get_visible(self->child)) return;
    int child_width = lectern_clamp_child_width(self, width);
    GskTransform *offset = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT((float)((width - child_width) / 2), 0));
    gtk_widget_allocate(self->child, child_width, height, -1, offset);
}

static GtkSizeRequestMode lectern_clamp_get_request_mode(GtkWidget *widget) {
    (void)widget;
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void lectern_clamp_dispose(GObject *object) {
    LecternClamp *self = LECTERN_CLAMP(object);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    g_weak_ref_set(&self->reference, NULL);
    G_OBJECT_CLASS(lectern_clamp_parent_class)->dispose(object);
}

static void lectern_clamp_finalize(GObject *object) {
    g_weak_ref_clear(&LECTERN_CLAMP(object)->reference);
    G_OBJECT_CLASS(lectern_clamp_parent_class)->finalize(object);
}

static void lectern_clamp_class_init(LecternClampClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = lectern_clamp_dispose;
    object_class->finalize = lectern_clamp_finalize;
    widget_class->measure = lectern_clamp_measure;
    widget_class->size_allocate = lectern_clamp_size_allocate;
    widget_class->get_request_mode = lectern_clamp_get_request_mode;
    gtk_widget_class_set_css_name(widget_class, "clamp");
}

static void lectern_clamp_init(LecternClamp *self) {
    self->child = NULL;
    self->characters = 0;
    self->known_minimum = self->known_natural = -1;
    g_weak_ref_init(&self->reference, NULL);
}

GtkWidget *lectern_clamp_new(void) {
    return g_object_new(LECTERN_TYPE_CLAMP, NULL);
}

void lectern_clamp_set_child(LecternClamp *self, GtkWidget *child) {
    g_return_if_fail(LECTERN_IS_CLAMP(self));
    if (self->child == child) return;
    g_clear_pointer(&self->child, gtk_widget_unparent);
    if (child != NULL) {
        self->child = child;
        gtk_widget_set_parent(child, GTK_WIDGET(self));
    }
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

void lectern_clamp_set_measure(LecternClamp *self, GtkWidget *reference, int characters) {
    g_return_if_fail(LECTERN_IS_CLAMP(self));
    g_weak_ref_set(&self->reference, reference);
    self->characters = characters;
    gtk_widget_queue_resize(GTK_WIDGET(self));
}
